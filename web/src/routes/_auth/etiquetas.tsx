import { createFileRoute, redirect } from "@tanstack/react-router";
import { LabelSheetPage } from "../../features/labels/LabelSheetPage";
import { decodeSheet } from "../../lib/labels/sheet";

/** Who prints box labels: those who receive and count stock (the API's rule for POST /products/labels). */
const PRINTERS = ["bodeguero", "administrador", "superuser"];

export const Route = createFileRoute("/_auth/etiquetas")({
  beforeLoad: ({ context }) => {
    const user = context.auth.user();
    if (!user || !PRINTERS.includes(user.role)) throw redirect({ to: "/" });
  },
  validateSearch: (search: Record<string, unknown>): { items?: string; title?: string } => ({
    items: typeof search.items === "string" ? search.items : undefined,
    title: typeof search.title === "string" ? search.title.slice(0, 80) : undefined,
  }),
  component: LabelsRoute,
});

function LabelsRoute() {
  const { items, title } = Route.useSearch();
  return <LabelSheetPage items={decodeSheet(items)} title={title} />;
}
