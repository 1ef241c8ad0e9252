import { createFileRoute } from "@tanstack/react-router";
import { WebReservationsPanel } from "../../../features/company/WebReservationsPanel";

export const Route = createFileRoute("/_auth/seller/reservations")({
  component: () => <WebReservationsPanel area="seller" />,
});
