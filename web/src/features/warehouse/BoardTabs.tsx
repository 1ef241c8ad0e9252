import { EmptyState } from "../../lib/ui/EmptyState";
import { PendingTab } from "./PendingTab";
import { KeeperPreparationCard } from "./PreparationCard";
import { ReturnCard } from "./ReturnCard";
import { StatsTab } from "./StatsTab";
import { useWarehouse } from "./useWarehouseBoard";

// The tabs drawn from the warehouse board: nothing until its first answer (the panel shows the spinner).

/** 'Pendientes': requests to accept or decline. */
export function PendingBoardTab() {
  const { board, pending, keeper } = useWarehouse();
  if (board.data === null) return null;
  return <PendingTab list={pending} running={keeper.running} onAccept={keeper.accept} onDecline={keeper.openDecline} />;
}

/** 'Preparación': accepted transfers being prepared. */
export function PreparationBoardTab() {
  const { board, accepted, keeper } = useWarehouse();
  if (board.data === null) return null;
  return (
    <section aria-label="Transferencias en Preparación" className="space-y-3">
      <h2 className="text-lg font-semibold text-stone-900">Transferencias en Preparación</h2>
      {accepted.length === 0 ? (
        <EmptyState text="No hay transferencias en preparación" />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {accepted.map((t) => (
            <KeeperPreparationCard key={t.id} transfer={t} keeper={keeper} />
          ))}
        </div>
      )}
    </section>
  );
}

/** 'Estadísticas': the board's figures. */
export function StatsBoardTab() {
  const { board, mode } = useWarehouse();
  if (board.data === null) return null;
  return <StatsTab board={board.data} mode={mode} receivedAt={board.receivedAt} healthy={board.status !== "error"} />;
}

/** 'Devoluciones': transfers sent back, waiting for their reception. */
export function ReturnsBoardTab() {
  const { board, returns, keeper } = useWarehouse();
  if (board.data === null) return null;
  return (
    <section aria-label="Devoluciones Pendientes" className="space-y-3">
      <h2 className="text-lg font-semibold text-stone-900">Devoluciones Pendientes</h2>
      {returns.length === 0 ? (
        <EmptyState text="No hay devoluciones pendientes" />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {returns.map((t) => (
            <ReturnCard
              key={t.id}
              transfer={t}
              running={keeper.running.has(t.id)}
              onConfirm={() => keeper.openReception(t)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
