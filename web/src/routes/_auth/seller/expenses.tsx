import { createFileRoute } from "@tanstack/react-router";
import { ExpenseFormView } from "../../../features/seller/ExpenseFormView";
import { useSellerPanel } from "../../../features/seller/sellerPanel";

export const Route = createFileRoute("/_auth/seller/expenses")({
  component: function Expenses() {
    return <ExpenseFormView go={useSellerPanel().go} />;
  },
});
