import { useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import type { Product } from "../../api/schemas";
import { addToCartAtom } from "../../lib/cart";
import { formatCOP } from "../../lib/format";
import { ProductImage } from "../../lib/ui/ProductImage";

const ADDED_FEEDBACK_MS = 1500;

export function ProductCard({ product }: { product: Product }) {
  const addToCart = useSetAtom(addToCartAtom);
  const [added, setAdded] = useState(false);
  const name = `${product.brand} ${product.model}`;

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [added]);

  function handleAdd() {
    addToCart({
      id: product.id,
      reference_code: product.reference_code,
      brand: product.brand,
      model: product.model,
      color: product.color,
      unit_price: product.unit_price,
      image_url: product.image_url,
    });
    setAdded(true);
  }

  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <ProductImage src={product.image_url} alt={name} className="aspect-square w-full" />
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">{product.brand}</p>
        <h3 className="mt-0.5 font-semibold leading-snug text-stone-900">{product.model}</h3>
        {product.color && <p className="text-sm text-stone-500">{product.color}</p>}
        <p className="mt-2 text-lg font-bold text-stone-900">{formatCOP(product.unit_price)}</p>
        <div className="mt-auto pt-3">
          <button
            type="button"
            onClick={handleAdd}
            className="w-full rounded-lg bg-stone-900 px-2 py-2 text-sm font-semibold text-white hover:bg-stone-800"
          >
            {added ? "Agregado ✓" : "Agregar al carrito"}
          </button>
        </div>
        <span className="sr-only" aria-live="polite">
          {added ? `${name} agregado al carrito` : ""}
        </span>
      </div>
    </article>
  );
}
