import type { Transfer } from "../../api/transfers-schemas";
import { TRANSFER_GRID } from "../../lib/logistics/TransferSection";
import { accentButton, secondaryButton, successButton } from "../../lib/ui/classes";
import { CardGrid } from "../../lib/ui/ItemList";
import { CourierBoardTab } from "./CourierBoardTab";
import { TransportCard } from "./TransportCard";
import { FAILED_LABEL, TAKE_BACK_LABEL, transportAction, WAITING_NEXT } from "./transportAction";
import { useCourier } from "./useCourierBoard";

/** 'Mis Entregas': the courier's transports in progress, each with its next step. */
export function MineTab() {
  const { mine } = useCourier();
  return (
    <CourierBoardTab>
      {() => (
        <section aria-label="Mis Entregas" className="space-y-3">
          <CardGrid
            items={mine}
            empty="No tienes entregas en curso"
            emptyDetail="Acepta un transporte en 'Disponibles'."
            className={TRANSFER_GRID}
          >
            {(t) => (
              <TransportCard key={t.id} transport={t}>
                <NextStep transport={t} />
              </TransportCard>
            )}
          </CardGrid>
        </section>
      )}
    </CourierBoardTab>
  );
}

/** A transport's next step: its buttons, all off while any call runs. */
function NextStep({ transport: t }: { transport: Transfer }) {
  const { running, pickup, deliver, openDialog } = useCourier();
  const action = transportAction(t);
  const step = (label: string, onClick: () => void, className: string) => (
    <button type="button" disabled={running !== null} onClick={onClick} className={className}>
      {label}
    </button>
  );
  const sending = (label: string) => (running === t.id ? "Enviando..." : label);
  switch (action.kind) {
    case "wait":
      return <p className="rounded-lg bg-stone-100 px-3 py-2 text-center text-sm text-stone-700">{WAITING_NEXT}</p>;
    case "pickup":
      return step(sending(action.label), () => pickup(t), `${accentButton} w-full`);
    case "origin_return":
      return step(action.label, () => openDialog("at_origin", t), `${accentButton} w-full`);
    case "deliver":
      return (
        <div className="space-y-2">
          {step(sending(action.label), () => deliver(t), `${successButton} w-full`)}
          <div className={`grid gap-2 ${action.takeBack ? "grid-cols-2" : "grid-cols-1"}`}>
            {step(FAILED_LABEL, () => openDialog("failed", t), secondaryButton)}
            {action.takeBack && step(TAKE_BACK_LABEL, () => openDialog("take_back", t), secondaryButton)}
          </div>
        </div>
      );
  }
}
