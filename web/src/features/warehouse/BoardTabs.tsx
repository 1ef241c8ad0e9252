import { TransferSection } from "../../lib/logistics/TransferSection";
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
    <TransferSection
      title="Transferencias en Preparación"
      items={accepted}
      empty="No hay transferencias en preparación"
    >
      {(t) => <KeeperPreparationCard key={t.id} transfer={t} keeper={keeper} />}
    </TransferSection>
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
    <TransferSection title="Devoluciones Pendientes" items={returns} empty="No hay devoluciones pendientes">
      {(t) => (
        <ReturnCard
          key={t.id}
          transfer={t}
          running={keeper.running.has(t.id)}
          onConfirm={() => keeper.openReception(t)}
        />
      )}
    </TransferSection>
  );
}
