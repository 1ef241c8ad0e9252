import { useAtom } from "jotai";
import { VendorDashboardSchema } from "../../api/seller-schemas";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { FlashNotice } from "../../lib/ui/Flash";
import { FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { DashboardTiles } from "./DashboardTiles";
import { DaySummaryCards } from "./DaySummaryCards";
import { loadVendorDashboard } from "./earlyDashboard";
import type { QueuedToday } from "./outbox/actions";
import { QuickActions } from "./QuickActions";
import { flashAtom } from "./state";
import { VendorCard, VendorCardPlaceholder } from "./VendorCard";
import type { Go } from "./views";

export const DASHBOARD_OFFLINE = "Conectando con el servidor...";

/** 'Panel de Vendedor': loads on every visit, so it reloads after each sale or expense. */
export function SellerDashboard({ go, queued }: { go: Go; queued?: QueuedToday }) {
  const live = useRemoteData({
    area: "seller",
    name: "dashboard",
    schema: VendorDashboardSchema,
    load: loadVendorDashboard,
    retryEveryMs: 30_000,
  });
  const [flash, setFlash] = useAtom(flashAtom);

  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <FailedLoadBanner
        className="mb-4"
        title={live.offline ? DASHBOARD_OFFLINE : "No se pudo cargar el panel"}
        live={live}
      />
      {live.data ? <VendorCard data={live.data} /> : live.status === "loading" && <VendorCardPlaceholder />}
      <QuickActions go={go} />
      {live.status === "loading" && !live.data && <Spinner label="Cargando panel..." />}
      {live.data && (
        <>
          <DaySummaryCards data={live.data} queued={queued} />
          <DashboardTiles data={live.data} go={go} />
        </>
      )}
    </div>
  );
}
