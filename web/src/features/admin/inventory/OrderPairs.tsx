import { plural } from "../../../../../shared/plural";
import type { PurchaseOrderLine } from "../../../api/purchasing";
import { formatCOP } from "../../../lib/format";
import { compactInputClass, labelClass } from "../../../lib/ui/classes";
import { newKey, type SizeRow } from "./distribution";

/** A size of the order's product as the form holds it: the pairs that arrived, as typed. */
export type OrderRow = { line: PurchaseOrderLine; quantity: string };

export const ORDER_PAIRS_ONLY = "Una orden de compra se recibe en pares: los pies sueltos se registran sin orden.";

/** Every pending pair arrives unless told otherwise. */
export function orderRows(lines: readonly PurchaseOrderLine[]): OrderRow[] {
  return lines.map((line) => ({ line, quantity: String(line.pending) }));
}

/** The first row whose quantity is not a whole number between 0 and what is pending, said in Spanish. */
export function orderRowsError(rows: readonly OrderRow[]): string | null {
  const bad = rows.find((r) => !/^\d+$/.test(r.quantity.trim()) || Number(r.quantity) > r.line.pending);
  if (bad) return `Talla ${bad.line.size}: entre 0 y ${plural(bad.line.pending, "par", "pares")} pendientes`;
  if (rows.every((r) => Number(r.quantity) === 0)) return "Indica cuántos pares llegaron de al menos una talla";
  return null;
}

/** The rows as the entry's size rows: pairs at the order's destination (labels and the distribution read them). */
export function orderSizeRows(rows: readonly OrderRow[], locationId: number): SizeRow[] {
  return rows
    .filter((r) => Number(r.quantity) > 0)
    .map((r) => ({
      key: newKey("order-size"),
      size: r.line.size,
      barcode: "",
      pairs: [{ key: newKey("order-line"), location_id: String(locationId), quantity: r.quantity.trim() }],
      left_feet: [],
      right_feet: [],
    }));
}

type Props = {
  rows: readonly OrderRow[];
  locationName: string;
  onChange: (rows: OrderRow[]) => void;
};

/** 'Pares que llegaron' per size of the order's product, each at most what is pending, at the order's destination. */
export function OrderPairs({ rows, locationName, onChange }: Props) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">
        Entran en el destino de la orden: <strong>{locationName}</strong>
      </p>
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{ORDER_PAIRS_ONLY}</p>
      <ul className="space-y-2">
        {rows.map((row) => {
          const id = `order-line-${row.line.id}`;
          const over = Number(row.quantity) > row.line.pending;
          return (
            <li
              key={row.line.id}
              data-testid="order-size-row"
              className="flex flex-wrap items-end justify-between gap-3 rounded-lg border border-stone-200 bg-stone-50/60 p-3"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">Talla {row.line.size}</p>
                <p className="text-sm text-stone-600">
                  {plural(row.line.pending, "par pendiente", "pares pendientes")} de{" "}
                  {plural(row.line.quantity, "pedido", "pedidos")} · costo {formatCOP(row.line.unit_cost)} por par
                </p>
              </div>
              <div className="w-40">
                <label htmlFor={id} className={labelClass}>
                  Pares que llegaron
                </label>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={row.line.pending}
                  step={1}
                  value={row.quantity}
                  aria-invalid={over || undefined}
                  onChange={(e) =>
                    onChange(rows.map((r) => (r.line.id === row.line.id ? { ...r, quantity: e.target.value } : r)))
                  }
                  className={compactInputClass}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
