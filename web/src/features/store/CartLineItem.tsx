import { useSetAtom } from "jotai";
import { type CartLine, changeQuantityAtom, MAX_QUANTITY, removeFromCartAtom } from "../../lib/cart";
import { formatCOP, productName } from "../../lib/format";
import { ProductImage } from "../../lib/ui/ProductImage";

const stepClass =
  "flex size-9 items-center justify-center rounded-lg border border-stone-300 text-lg font-semibold text-stone-700 hover:bg-stone-100 disabled:opacity-40";

export function CartLineItem({ line }: { line: CartLine }) {
  const changeQuantity = useSetAtom(changeQuantityAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const name = productName(line);
  const id = { product_id: line.product_id, size: line.size };

  return (
    <li className="flex gap-3 py-4">
      <ProductImage src={line.image_url} alt={name} className="size-20 shrink-0 rounded-lg sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{name}</p>
          <p className="text-sm font-medium text-stone-800">Talla {line.size}</p>
          <p className="text-sm text-stone-600">{[line.color, line.reference_code].filter(Boolean).join(" · ")}</p>
          <p className="text-sm text-stone-700">{formatCOP(line.unit_price)} c/u</p>
        </div>
        <div className="flex items-center justify-between gap-4 sm:justify-end">
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">
              Cantidad de {name} talla {line.size}
            </legend>
            <button
              type="button"
              onClick={() => changeQuantity({ line: id, delta: -1 })}
              disabled={line.quantity <= 1}
              aria-label={`Quitar una unidad de ${name}`}
              className={stepClass}
            >
              −
            </button>
            <output aria-live="polite" className="w-8 text-center font-semibold">
              {line.quantity}
            </output>
            <button
              type="button"
              onClick={() => changeQuantity({ line: id, delta: 1 })}
              disabled={line.quantity >= MAX_QUANTITY}
              aria-label={`Agregar una unidad de ${name}`}
              className={stepClass}
            >
              +
            </button>
          </fieldset>
          <div className="text-right">
            <p className="font-bold text-stone-900">{formatCOP(line.unit_price * line.quantity)}</p>
            <button
              type="button"
              onClick={() => remove(id)}
              className="text-sm font-medium text-red-700 hover:text-red-800"
            >
              Eliminar
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
