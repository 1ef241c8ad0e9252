import { useState } from "react";
import type { Transfer } from "../../api/transfers-schemas";
import { TRANSFER_GRID } from "../../lib/logistics/TransferSection";
import { EmptyState } from "../../lib/ui/EmptyState";
import { SelectField } from "../../lib/ui/form";
import { CardGrid } from "../../lib/ui/ItemList";
import { filterPending, type PriorityFilter, type PurposeFilter } from "./filters";
import { PendingRequestCard } from "./PendingRequestCard";

type Props = {
  list: Transfer[];
  running: ReadonlySet<number>;
  onAccept: (t: Transfer) => void;
  onDecline: (t: Transfer) => void;
};

const PRIORITY_OPTIONS = [
  { value: "all", label: "Todas" },
  { value: "high", label: "Alta" },
  { value: "normal", label: "Normal" },
];

const PURPOSE_OPTIONS = [
  { value: "all", label: "Todos" },
  { value: "cliente", label: "Cliente" },
  { value: "restock", label: "Restock" },
];

/** 'Pendientes': the priority and purpose filters over the requests waiting for this keeper. */
export function PendingTab({ list, running, onAccept, onDecline }: Props) {
  const [priority, setPriority] = useState<PriorityFilter>("all");
  const [purpose, setPurpose] = useState<PurposeFilter>("all");
  const shown = filterPending(list, priority, purpose);
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Prioridad"
          value={priority}
          onChange={(v) => setPriority(v as PriorityFilter)}
          options={PRIORITY_OPTIONS}
        />
        <SelectField
          label="Propósito"
          value={purpose}
          onChange={(v) => setPurpose(v as PurposeFilter)}
          options={PURPOSE_OPTIONS}
        />
      </div>
      {list.length === 0 ? (
        <EmptyState text="No hay solicitudes pendientes" />
      ) : (
        <CardGrid items={shown} empty="No hay solicitudes que coincidan con los filtros" className={TRANSFER_GRID}>
          {(t) => (
            <PendingRequestCard
              key={t.id}
              transfer={t}
              running={running.has(t.id)}
              onAccept={() => onAccept(t)}
              onDecline={() => onDecline(t)}
            />
          )}
        </CardGrid>
      )}
    </div>
  );
}
