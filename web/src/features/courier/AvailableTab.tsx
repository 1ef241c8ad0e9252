import { accentButton } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { PressedButtons } from "../../lib/ui/PressedButtons";
import { Spinner } from "../../lib/ui/Spinner";
import { TransportCard } from "./TransportCard";
import { COURIER_FILTERS, useCourier } from "./useCourierBoard";

/** 'Disponibles': transports whose origin accepted them, by urgency, each with 'Aceptar Entrega'. */
export function AvailableTab() {
  const { filter, setFilter, available, availableList, running, accept } = useCourier();
  return (
    <section aria-label="Disponibles" className="space-y-3">
      {/* chips as wide as their words, wrapping on a narrow phone (a fixed grid overflowed at 360 px) */}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filtrar transportes</legend>
        <PressedButtons
          value={filter}
          options={COURIER_FILTERS.map((f) => ({ value: f.id, label: f.label }))}
          onChange={setFilter}
          classOf={(chosen) =>
            `rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap sm:px-4 ${
              chosen ? "bg-stone-900 text-white" : "border border-stone-300 bg-white text-stone-800"
            }`
          }
        />
      </fieldset>
      {available.data === null && available.status === "loading" ? (
        <Spinner label="Cargando transportes disponibles..." />
      ) : available.data === null ? null : availableList.length === 0 ? (
        <EmptyState
          text="No hay transportes disponibles"
          detail="Te avisaremos cuando el origen de una solicitud la acepte."
        />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {availableList.map((t) => (
            <TransportCard key={t.id} transport={t}>
              <button
                type="button"
                disabled={running !== null}
                onClick={() => accept(t)}
                className={`${accentButton} w-full`}
              >
                {running === t.id ? "Aceptando..." : "Aceptar Entrega"}
              </button>
            </TransportCard>
          ))}
        </div>
      )}
    </section>
  );
}
