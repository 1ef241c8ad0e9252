import { useAtom } from "jotai";
import { useDeferredValue } from "react";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { FlashNotice } from "../../lib/ui/Flash";
import { FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { DashboardTiles, RestockOrdersTile, WebReservationsTile } from "./DashboardTiles";
import { DaySummaryCards } from "./DaySummaryCards";
import type { QueuedExpenses, QueuedToday } from "./outbox/actions";
import { QuickActions } from "./QuickActions";
import { sellerQueries } from "./queries";
import { flashAtom } from "./state";
import { useTillState } from "./tillState";
import { VendorCard, VendorCardPlaceholder } from "./VendorCard";
import type { Go } from "./views";

export const DASHBOARD_OFFLINE = "Conectando con el servidor...";

/** 'Panel de Vendedor': loads on every visit, so it reloads after each sale or expense. */
export function SellerDashboard({
  go,
  queued,
  queuedExpenses,
}: {
  go: Go;
  queued?: QueuedToday;
  queuedExpenses?: QueuedExpenses;
}) {
  const live = useRemoteData({ ...sellerQueries.dashboard(), retryEveryMs: 30_000 });
  // the Caja tile says whether the till is open before anything is sold
  const till = useTillState();
  const [flash, setFlash] = useAtom(flashAtom);
  // The figures are drawn in a transition: React renders them in short slices instead of one long task
  // when the answer arrives (the page stays responsive); until then the placeholder keeps their room.
  const data = useDeferredValue(live.data);
  const waiting = !data && (live.status === "loading" || live.data !== null);

  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <FailedLoadBanner
        className="mb-4"
        title={live.offline ? DASHBOARD_OFFLINE : "No se pudo cargar el panel"}
        live={live}
      />
      {data ? (
        <VendorCard data={data} onPhone={queued && { count: queued.pending.length, amount: queued.pendingTotal }} />
      ) : (
        waiting && <VendorCardPlaceholder />
      )}
      <QuickActions go={go} />
      {waiting && <Spinner label="Cargando panel..." />}
      {data && (
        <>
          <DaySummaryCards data={data} queued={queued} />
          <DashboardTiles data={data} go={go} till={till.data} queuedExpenses={queuedExpenses} />
        </>
      )}
      <WebReservationsTile go={go} />
      <RestockOrdersTile go={go} />
    </div>
  );
}
