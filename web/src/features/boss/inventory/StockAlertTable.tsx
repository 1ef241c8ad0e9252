import type { StockItem } from "../../../api/boss-schemas";
import { productName } from "../../../lib/format";
import { formatCount } from "../format";
import { numericColumn, SortableTable, textColumn } from "../table/SortableTable";

type Props = { label: string; items: readonly StockItem[]; empty: string; csvName: string };

/**
 * One alert list (low, out of or over stock): product × location with pairs and single feet apart. The
 * list is whole (the API cuts none); it shows 8 rows first with "Mostrando 8 de N", and its CSV has all.
 */
export function StockAlertTable({ label, items, empty, csvName }: Props) {
  return (
    <SortableTable<StockItem>
      label={label}
      rows={items}
      rowKey={(i) => `${i.location_id}-${i.product_id}`}
      empty={empty}
      csvName={csvName}
      limit={8}
      noun={{ one: "producto por ubicación", many: "productos por ubicación" }}
      rowTestId="stock-alert-row"
      columns={[
        {
          key: "product",
          header: "Producto",
          cell: (i) => (
            <>
              {productName(i)} <span className="text-xs font-normal text-stone-500">{i.reference_code}</span>
            </>
          ),
          sort: (i) => productName(i),
          csv: (i) => productName(i),
        },
        { key: "reference", header: "Referencia", cell: () => null, csv: (i) => i.reference_code, csvOnly: true },
        textColumn("location", "Ubicación", (i) => i.location_name, true),
        numericColumn("pairs", "Pares", (i) => i.pairs, formatCount, true),
        numericColumn("single", "Pies sueltos", (i) => i.single_feet, formatCount, true),
      ]}
    />
  );
}
