import { createFileRoute } from "@tanstack/react-router";
import { ProductsSection } from "../../../features/company/products/ProductsSection";

export const Route = createFileRoute("/_auth/boss/products")({
  component: () => <ProductsSection canEdit={false} />,
});
