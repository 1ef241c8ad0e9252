import type { ReturnDestination, ReturnSale, ReturnSaleItem } from "../../../api/sale-returns";
import { formatCOP, productName } from "../../../lib/format";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { SectionCard } from "../SectionCard";
import { DESTINATION_LABEL, destinationOf, leftOf, quantityOf, type ReturnDraft } from "./returnForm";

type Props = {
  sale: ReturnSale;
  draft: ReturnDraft;
  onQuantity: (item: ReturnSaleItem, quantity: number) => void;
  onDestination: (item: ReturnSaleItem, destination: ReturnDestination) => void;
};

const stepClass =
  "flex size-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-xl font-bold text-stone-800 shadow-sm hover:bg-stone-100 disabled:opacity-40";

const nameOf = (i: ReturnSaleItem) => `${i.sneaker_reference_code} talla ${i.size}`;

const DESTINATIONS = (["sellable", "damaged"] as const).map((value) => ({ value, label: DESTINATION_LABEL[value] }));

/** − n + for the units of one line: never below 0 nor above what is left. */
function Stepper({ item, value, onChange }: { item: ReturnSaleItem; value: number; onChange: (n: number) => void }) {
  const left = leftOf(item);
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={stepClass}
        disabled={value <= 0}
        onClick={() => onChange(value - 1)}
        aria-label={`Una menos de ${nameOf(item)}`}
      >
        −
      </button>
      <output
        className="w-8 text-center text-lg font-bold tabular-nums text-stone-900"
        aria-label={`Unidades a devolver de ${nameOf(item)}`}
        data-testid="return-quantity"
      >
        {value}
      </output>
      <button
        type="button"
        className={stepClass}
        disabled={value >= left}
        onClick={() => onChange(value + 1)}
        aria-label={`Una más de ${nameOf(item)}`}
      >
        +
      </button>
    </div>
  );
}

function LineRow({ item, draft, onQuantity, onDestination }: Omit<Props, "sale"> & { item: ReturnSaleItem }) {
  const left = leftOf(item);
  const quantity = quantityOf(draft, item);
  return (
    <li className="py-3" data-testid="return-line">
      <div className="flex justify-between gap-3 text-sm">
        <span className="min-w-0 font-semibold text-stone-900">{productName(item)}</span>
        <span className="shrink-0 tabular-nums">{formatCOP(item.unit_price)} c/u</span>
      </div>
      <p className="text-sm text-stone-600">
        {[item.color, `Talla ${item.size}`, item.sneaker_reference_code].filter(Boolean).join(" · ")}
      </p>
      <p className="text-sm text-stone-700" data-testid="return-line-counts">
        Vendidos {item.quantity} · ya devueltos {item.returned_quantity}
      </p>
      {left === 0 ? (
        <p className="mt-1 text-sm font-semibold text-stone-500">Ya se devolvió completo</p>
      ) : (
        <div className="mt-2 space-y-3">
          <div>
            <p className="mb-1 text-xs text-stone-600">A devolver (quedan {left})</p>
            <Stepper item={item} value={quantity} onChange={(n) => onQuantity(item, n)} />
          </div>
          {quantity > 0 && (
            <ChoiceChips
              legend="Destino"
              value={destinationOf(draft, item)}
              choices={DESTINATIONS}
              onChange={(d) => onDestination(item, d)}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** '¿Qué devuelve?': every line of the sale, what was sold and already returned, and the units coming back now. */
export function ReturnLines({ sale, ...rest }: Props) {
  return (
    <SectionCard title="¿Qué devuelve?">
      <ul className="-my-3 divide-y divide-stone-100">
        {sale.items.map((item) => (
          <LineRow key={item.id} item={item} {...rest} />
        ))}
      </ul>
    </SectionCard>
  );
}
