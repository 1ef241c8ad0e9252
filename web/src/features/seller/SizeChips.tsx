import type { Lookup } from "../../api/catalogue";
import { countLabel } from "../../lib/format";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { ChoiceChips } from "../../lib/ui/ChoiceChips";
import { sellerQueries } from "./queries";

type InStock = { size: string; pairs: number };

const sizeOrder = (a: InStock, b: InStock) =>
  Number.parseFloat(a.size) - Number.parseFloat(b.size) || a.size.localeCompare(b.size);

/** The sizes with pairs to sell at the seller's location (the lookup answers for the user's location), in size order. */
export function sizesInStock(found: Lookup): InStock[] {
  return Object.entries(found.availability.sizes.detailed_by_size)
    .map(([size, d]) => ({ size, pairs: d.local_availability.pairs.quantity_available_sale }))
    .filter((s) => s.pairs > 0)
    .sort(sizeOrder);
}

type Props = { reference: string; size: string; onSize: (size: string) => void };

/**
 * The sizes of a known reference in stock at the store, as chips to tap; the size field beside them
 * still takes any size. Nothing while the stock is read or cannot be (offline): the field is enough.
 */
export function SizeChips({ reference, size, onSize }: Props) {
  const stock = useRemoteData(sellerQueries.productStock(reference));
  if (!stock.data || stock.status === "error") return null;
  const sizes = sizesInStock(stock.data);
  const place = Object.values(stock.data.availability.sizes.detailed_by_size)[0]?.local_availability.location_name;
  const here = place ? `en ${place}` : "en tu local";
  if (sizes.length === 0) {
    return (
      <p className="col-span-2 -mt-1 text-sm font-medium text-amber-800" data-testid="no-sizes-here">
        Sin pares de esta referencia {here}
      </p>
    );
  }
  const chosen = sizes.some((s) => s.size === size.trim()) ? size.trim() : null;
  return (
    <div className="col-span-2 -mt-1">
      <ChoiceChips
        legend={`Tallas ${here}`}
        value={chosen}
        choices={sizes.map((s) => ({ value: s.size, label: s.size, hint: countLabel(s.pairs, "par", "pares") }))}
        onChange={onSize}
        columns={4}
      />
    </div>
  );
}
