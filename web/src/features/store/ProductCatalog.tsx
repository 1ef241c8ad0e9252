import { Link } from "@tanstack/react-router";
import type { Category } from "../../api/schemas";
import { listPublicProducts } from "../../api/storefront";
import { countLabel } from "../../lib/format";
import { ErrorState } from "../../lib/ui/ErrorState";
import { useAsync } from "../../lib/useAsync";
import { CategoryChips } from "./CategoryChips";
import { CATEGORY_LABEL } from "./categories";
import { ProductGrid, ProductGridSkeleton } from "./ProductGrid";

export function ProductCatalog({ category }: { category: Category | undefined }) {
  const { state, retry } = useAsync(category ?? "all", (signal) => listPublicProducts({ category }, signal));
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
          (state.data.products.length > 0 ? (
            <>
              <p className="mb-4 text-sm text-stone-600">
                {countLabel(state.data.products.length, "producto", "productos")}
              </p>
              <ProductGrid products={state.data.products} />
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
