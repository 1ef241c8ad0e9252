import type { Product } from "../../api/schemas";
import { ProductCard } from "./ProductCard";

const gridClass = "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4";

export function ProductGrid({ products }: { products: readonly Product[] }) {
  return (
    <ul className={gridClass}>
      {products.map((product) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while products load, so the page does not jump. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Cargando productos" className={gridClass}>
      {Array.from({ length: count }, (_, index) => `placeholder-${index}`).map((key) => (
        <div key={key} className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white">
          <div className="aspect-square bg-stone-200" />
          <div className="space-y-2 p-4">
            <div className="h-3 w-1/3 rounded bg-stone-200" />
            <div className="h-4 w-2/3 rounded bg-stone-200" />
            <div className="h-5 w-1/2 rounded bg-stone-200" />
          </div>
        </div>
      ))}
      <span className="sr-only">Cargando productos...</span>
    </div>
  );
}
