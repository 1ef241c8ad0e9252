import { createFileRoute } from "@tanstack/react-router";
import { parseProductsSearch } from "../../features/store/categories";
import { ProductCatalog } from "../../features/store/ProductCatalog";

export const Route = createFileRoute("/_public/products")({
  validateSearch: parseProductsSearch,
  component: ProductsPage,
});

function ProductsPage() {
  const { category } = Route.useSearch();
  return <ProductCatalog category={category} />;
}
