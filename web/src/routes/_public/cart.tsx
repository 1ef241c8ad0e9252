import { createFileRoute } from "@tanstack/react-router";
import { CartView } from "../../features/store/CartView";

export const Route = createFileRoute("/_public/cart")({
  component: CartView,
});
