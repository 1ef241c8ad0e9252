import { Link } from "@tanstack/react-router";
import type { Category, Product } from "../../api/schemas";
import { listPublicProducts } from "../../api/storefront";
import { useMoreRows } from "../../lib/paging";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { ErrorState } from "../../lib/ui/ErrorState";
import { ListCount, MoreButton } from "../../lib/ui/ListCount";
import { CategoryChips } from "./CategoryChips";
import { CATEGORY_LABEL } from "./categories";
import { ProductGrid, ProductGridSkeleton } from "./ProductGrid";
import { storeQueries } from "./queries";

const NO_PRODUCTS: readonly Product[] = [];

/**
 * The storefront's catalogue of one category (or all): the first page, "Mostrando N de M productos" and
 * "Ver más" for the next page until every product is on screen.
 */
export function ProductCatalog({ category }: { category: Category | undefined }) {
  const key = category ?? "all";
  const remote = useRemoteData(storeQueries.products(category));
  const page = remote.data;
  const first = page?.products ?? NO_PRODUCTS;
  const more = useMoreRows(
    first,
    key,
    async (offset, signal) => (await listPublicProducts({ category, offset }, signal)).products,
    (p) => p.id,
  );
  const heading = category ? CATEGORY_LABEL[category] : "Todos los productos";

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">{heading}</h1>
      <div className="mt-4">
        <CategoryChips current={category} />
      </div>
      <div className="mt-6">
        {!page && !remote.error && <ProductGridSkeleton count={8} />}
        {!page && remote.error && <ErrorState message={remote.error} onRetry={remote.reload} />}
        {page &&
          (more.rows.length > 0 ? (
            <>
              <ListCount
                className="mb-4 text-sm text-stone-600"
                shown={more.rows.length}
                total={Math.max(page.total, more.rows.length)}
                one="producto"
                many="productos"
              />
              <ProductGrid products={more.rows} />
              <MoreButton
                shown={more.rows.length}
                total={page.total}
                onMore={more.loadMore}
                busy={more.busy}
                error={more.error}
              />
            </>
          ) : (
            <div className="rounded-xl border border-dashed border-stone-300 p-8 text-center">
              <p className="text-stone-700">No hay productos en esta categoría por ahora.</p>
              {category && (
                <Link
                  to="/products"
                  search={{}}
                  className="mt-3 inline-block font-semibold text-orange-700 hover:text-orange-800"
                >
                  Ver todos los productos
                </Link>
              )}
            </div>
          ))}
      </div>
    </div>
  );
}
