import { useId, useState } from "react";
import type { Transfer } from "../../api/transfers-schemas";
import { inputClass, labelClass } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { filterPending, type PriorityFilter, type PurposeFilter } from "./filters";
import { PendingRequestCard } from "./PendingRequestCard";

type Props = {
  list: Transfer[];
  running: ReadonlySet<number>;
  onAccept: (t: Transfer) => void;
  onDecline: (t: Transfer) => void;
};

/** 'Pendientes': the priority and purpose filters over the requests waiting for this keeper. */
export function PendingTab({ list, running, onAccept, onDecline }: Props) {
  const id = useId();
  const [priority, setPriority] = useState<PriorityFilter>("all");
  const [purpose, setPurpose] = useState<PurposeFilter>("all");
  const shown = filterPending(list, priority, purpose);
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-priority`} className={labelClass}>
            Prioridad
          </label>
          <select
            id={`${id}-priority`}
            value={priority}
            onChange={(e) => setPriority(e.target.value as PriorityFilter)}
            className={inputClass}
          >
            <option value="all">Todas</option>
            <option value="high">Alta</option>
            <option value="normal">Normal</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-purpose`} className={labelClass}>
            Propósito
          </label>
          <select
            id={`${id}-purpose`}
            value={purpose}
            onChange={(e) => setPurpose(e.target.value as PurposeFilter)}
            className={inputClass}
          >
            <option value="all">Todos</option>
            <option value="cliente">Cliente</option>
            <option value="restock">Restock</option>
          </select>
        </div>
      </div>
      {list.length === 0 ? (
        <EmptyState text="No hay solicitudes pendientes" />
      ) : shown.length === 0 ? (
        <EmptyState text="No hay solicitudes que coincidan con los filtros" />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {shown.map((t) => (
            <PendingRequestCard
              key={t.id}
              transfer={t}
              running={running.has(t.id)}
              onAccept={() => onAccept(t)}
              onDecline={() => onDecline(t)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
