import { createFileRoute } from "@tanstack/react-router";
import { ProductsSection } from "../../../features/company/products/ProductsSection";

export const Route = createFileRoute("/_auth/administrador/products")({
  component: ProductsSection,
});
