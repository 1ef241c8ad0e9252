import { useSetAtom } from "jotai";
import { useEffect, useId, useState } from "react";
import { pluralWord } from "../../../../shared/plural";
import type { Product } from "../../api/schemas";
import { addToCartAtom } from "../../lib/cart";
import { formatCOP, productName } from "../../lib/format";
import { compactInputClass } from "../../lib/ui/classes";
import { ProductImage } from "../../lib/ui/ProductImage";

const ADDED_FEEDBACK_MS = 1500;

/**
 * A storefront product: its photo, price and the sizes its stores have free ("Agotado" when none); the
 * shopper picks a size before adding it to the cart.
 */
export function ProductCard({ product }: { product: Product }) {
  const addToCart = useSetAtom(addToCartAtom);
  const [added, setAdded] = useState(false);
  const [size, setSize] = useState("");
  const [missingSize, setMissingSize] = useState(false);
  const sizeId = useId();
  const name = productName(product);
  const soldOut = product.sizes.length === 0;

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [added]);

  function handleAdd() {
    if (!size) {
      setMissingSize(true);
      return;
    }
    addToCart({
      id: product.id,
      reference_code: product.reference_code,
      brand: product.brand,
      model: product.model,
      color: product.color,
      unit_price: product.unit_price,
      image_url: product.image_url,
      size,
    });
    setAdded(true);
  }

  return (
    <article className="flex w-full min-w-0 flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <ProductImage src={product.image_url} alt={name} className="aspect-square w-full" />
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">{product.brand}</p>
        <h3 className="mt-0.5 font-semibold leading-snug text-stone-900">{product.model}</h3>
        {product.color && <p className="text-sm text-stone-600">{product.color}</p>}
        <p className="mt-2 text-lg font-bold text-stone-900">{formatCOP(product.unit_price)}</p>
        <div className="mt-auto space-y-2 pt-3">
          {soldOut ? (
            <p className="rounded-lg bg-stone-100 px-2 py-2 text-center text-sm font-semibold text-stone-700">
              Agotado
            </p>
          ) : (
            <>
              <label htmlFor={sizeId} className="sr-only">
                Talla de {name}
              </label>
              <select
                id={sizeId}
                value={size}
                onChange={(e) => {
                  setSize(e.target.value);
                  setMissingSize(false);
                }}
                aria-invalid={missingSize}
                className={compactInputClass}
              >
                <option value="">Talla</option>
                {product.sizes.map((s) => (
                  <option key={s.size} value={s.size}>
                    {s.size}
                    {s.available <= 2 ? ` · ${pluralWord(s.available, "último par", `últimos ${s.available}`)}` : ""}
                  </option>
                ))}
              </select>
              {missingSize && <p className="text-xs text-red-700">Elige una talla</p>}
              <button
                type="button"
                onClick={handleAdd}
                className="w-full rounded-lg bg-stone-900 px-2 py-2 text-sm font-semibold text-white hover:bg-stone-800"
              >
                {added ? "Agregado ✓" : "Agregar al carrito"}
              </button>
            </>
          )}
        </div>
        <span className="sr-only" aria-live="polite">
          {added ? `${name} talla ${size} agregado al carrito` : ""}
        </span>
      </div>
    </article>
  );
}
