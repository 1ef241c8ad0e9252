import { accentButton, secondaryButton, successButton } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { CourierBoardTab } from "./CourierBoardTab";
import { TransportCard } from "./TransportCard";
import { FAILED_LABEL, TAKE_BACK_LABEL, transportAction, WAITING_NEXT } from "./transportAction";
import { useCourier } from "./useCourierBoard";

/** 'Mis Entregas': the courier's transports in progress, each with its next step. */
export function MineTab() {
  const { mine, running, pickup, deliver, openDialog } = useCourier();
  return (
    <CourierBoardTab>
      {() => (
        <section aria-label="Mis Entregas" className="space-y-3">
          {mine.length === 0 ? (
            <EmptyState text="No tienes entregas en curso" detail="Acepta un transporte en 'Disponibles'." />
          ) : (
            <div className="grid gap-3 lg:grid-cols-2">
              {mine.map((t) => {
                const action = transportAction(t);
                return (
                  <TransportCard key={t.id} transport={t}>
                    {action.kind === "wait" && (
                      <p className="rounded-lg bg-stone-100 px-3 py-2 text-center text-sm text-stone-700">
                        {WAITING_NEXT}
                      </p>
                    )}
                    {action.kind === "pickup" && (
                      <button
                        type="button"
                        disabled={running !== null}
                        onClick={() => pickup(t)}
                        className={`${accentButton} w-full`}
                      >
                        {running === t.id ? "Enviando..." : action.label}
                      </button>
                    )}
                    {action.kind === "deliver" && (
                      <div className="space-y-2">
                        <button
                          type="button"
                          disabled={running !== null}
                          onClick={() => deliver(t)}
                          className={`${successButton} w-full`}
                        >
                          {running === t.id ? "Enviando..." : action.label}
                        </button>
                        <div className={`grid gap-2 ${action.takeBack ? "grid-cols-2" : "grid-cols-1"}`}>
                          <button
                            type="button"
                            disabled={running !== null}
                            onClick={() => openDialog("failed", t)}
                            className={secondaryButton}
                          >
                            {FAILED_LABEL}
                          </button>
                          {action.takeBack && (
                            <button
                              type="button"
                              disabled={running !== null}
                              onClick={() => openDialog("take_back", t)}
                              className={secondaryButton}
                            >
                              {TAKE_BACK_LABEL}
                            </button>
                          )}
                        </div>
                      </div>
                    )}
                    {action.kind === "origin_return" && (
                      <button
                        type="button"
                        disabled={running !== null}
                        onClick={() => openDialog("at_origin", t)}
                        className={`${accentButton} w-full`}
                      >
                        {action.label}
                      </button>
                    )}
                  </TransportCard>
                );
              })}
            </div>
          )}
        </section>
      )}
    </CourierBoardTab>
  );
}
