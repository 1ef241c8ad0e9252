import { Link } from "@tanstack/react-router";
import type { Category, Product } from "../../api/schemas";
import { listPublicProducts } from "../../api/storefront";
import { useMoreRows } from "../../lib/paging";
import { ErrorState } from "../../lib/ui/ErrorState";
import { ListCount, MoreButton } from "../../lib/ui/ListCount";
import { useAsync } from "../../lib/useAsync";
import { CategoryChips } from "./CategoryChips";
import { CATEGORY_LABEL } from "./categories";
import { ProductGrid, ProductGridSkeleton } from "./ProductGrid";

const NO_PRODUCTS: readonly Product[] = [];

/**
 * The storefront's catalogue of one category (or all): the first page, "Mostrando N de M productos" and
 * "Ver más" for the next page until every product is on screen.
 */
export function ProductCatalog({ category }: { category: Category | undefined }) {
  const key = category ?? "all";
  const { state, retry } = useAsync(key, (signal) => listPublicProducts({ category }, signal));
  const first = state.status === "success" ? state.data.products : NO_PRODUCTS;
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
        {state.status === "loading" && <ProductGridSkeleton count={8} />}
        {state.status === "error" && <ErrorState message={state.message} onRetry={retry} />}
        {state.status === "success" &&
          (more.rows.length > 0 ? (
            <>
              <ListCount
                className="mb-4 text-sm text-stone-600"
                shown={more.rows.length}
                total={Math.max(state.data.total, more.rows.length)}
                one="producto"
                many="productos"
              />
              <ProductGrid products={more.rows} />
              <MoreButton
                shown={more.rows.length}
                total={state.data.total}
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
