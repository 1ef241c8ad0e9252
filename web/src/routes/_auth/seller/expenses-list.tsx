import { createFileRoute } from "@tanstack/react-router";
import { ExpensesListView } from "../../../features/seller/ExpensesListView";
import { useSellerPanel } from "../../../features/seller/sellerPanel";

export const Route = createFileRoute("/_auth/seller/expenses-list")({
  component: function ExpensesList() {
    return <ExpensesListView go={useSellerPanel().go} />;
  },
});
