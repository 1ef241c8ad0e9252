import { Link } from "@tanstack/react-router";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { ErrorState } from "../../lib/ui/ErrorState";
import { ProductGrid, ProductGridSkeleton } from "./ProductGrid";
import { storeQueries } from "./queries";

const FEATURED_COUNT = 4;

export function FeaturedProducts() {
  const remote = useRemoteData(storeQueries.featured(FEATURED_COUNT));
  const products = remote.data?.products ?? null;

  return (
    <section aria-labelledby="destacados" className="mx-auto max-w-6xl px-4 pt-14">
      <div className="flex items-end justify-between gap-4">
        <h2 id="destacados" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Destacados
        </h2>
        <Link to="/products" className="text-sm font-semibold text-orange-700 hover:text-orange-800">
          Ver todo →
        </Link>
      </div>
      <div className="mt-6">
        {!products && !remote.error && <ProductGridSkeleton count={FEATURED_COUNT} />}
        {!products && remote.error && <ErrorState message={remote.error} onRetry={remote.reload} />}
        {products &&
          (products.length > 0 ? (
            <ProductGrid products={products} />
          ) : (
            <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
              Pronto publicaremos nuestros productos destacados.
            </p>
          ))}
      </div>
    </section>
  );
}
