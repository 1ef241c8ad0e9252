import { Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { useAtomValue, useSetAtom } from "jotai";
import { Suspense, useDeferredValue } from "react";
import { useOnline } from "../../lib/outbox/useOnline";
import { useOutboxItems, useOutboxSync } from "../../lib/outbox/useOutbox";
import { Spinner } from "../../lib/ui/Spinner";
import { DashboardShell } from "../dashboard/DashboardShell";
import { BackButton } from "./BackButton";
import { queuedExpensesToday, queuedToday } from "./outbox/actions";
import { OutboxBanner } from "./outbox/OutboxBanner";
import { type SellerPanel, SellerPanelProvider } from "./sellerPanel";
import { clearScanAtom, flashAtom, scannedSaleAtom } from "./state";
import { type Go, type SellerSearch, searchOfGo, sellerViewAt, sellerViewPath, VIEW_TITLE } from "./views";

const SCANNED_SALE_TITLE = "Nueva Venta - Producto Escaneado";

/**
 * /seller: the frame of the seller's area (title, way back, the outbox's banner) around the open view, a
 * child route (routes/_auth/seller/*.tsx: the panel at /seller, each other view below it; spec 1 §2).
 */
export function SellerArea({ search }: { search: SellerSearch }) {
  const view = sellerViewAt(useLocation({ select: (location) => location.pathname }));
  const navigate = useNavigate();
  const clearScan = useSetAtom(clearScanAtom);
  const setFlash = useSetAtom(flashAtom);
  const scannedSale = useAtomValue(scannedSaleAtom);
  // what this phone made without a connection: sent from here, shown on every seller screen until it lands
  const outbox = useOutboxItems();
  const sync = useOutboxSync();
  const online = useOnline();
  // On entering, the frame (header, title, way back) is drawn first and the screen's content right after in a
  // transition, which React renders in short slices instead of one long task.
  const contentReady = useDeferredValue(true, false);

  const go: Go = (next, options = {}) => {
    // Going home drops the scanned photo and any prefill; a sub-view drops the last success message.
    if (next === "dashboard") clearScan();
    else setFlash(null);
    void navigate({ to: sellerViewPath(next), search: searchOfGo(next, options), replace: options.replace ?? false });
  };
  const panel: SellerPanel = {
    go,
    requestTransfer: (prefill) => void navigate({ to: sellerViewPath("transfers"), search: { tab: "new", prefill } }),
    search,
    setSearch: (next) => void navigate({ to: sellerViewPath(view), search: next, replace: true }),
    outbox: outbox.items,
    sending: sync.sending,
    online,
    flush: sync.flush,
    queued: queuedToday(outbox.items),
    queuedExpenses: queuedExpensesToday(outbox.items),
  };

  return (
    <DashboardShell
      title={
        view === "new-sale" && scannedSale && search.transfer_id === undefined ? SCANNED_SALE_TITLE : VIEW_TITLE[view]
      }
    >
      {view !== "dashboard" && <BackButton onBack={() => go("dashboard")} />}
      {view !== "outbox" && (
        <OutboxBanner
          items={outbox.items}
          sending={sync.sending}
          online={online}
          onSend={sync.flush}
          onOpen={() => go("outbox")}
        />
      )}
      {contentReady && (
        <SellerPanelProvider value={panel}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </SellerPanelProvider>
      )}
    </DashboardShell>
  );
}
