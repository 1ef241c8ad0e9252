import { useState } from "react";
import { plural } from "../../../../../shared/plural";
import type { RestockAction, RestockOrder } from "../../../api/transfer-orders";
import { StepConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { compactInputClass } from "../../../lib/ui/classes";

type Count = { received: string; damaged: string };

const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);

/** What the counts say to send: the lines that did not arrive whole (the others are received in full). */
export function receptionLines(
  order: RestockOrder,
  counts: Record<number, Count>,
): { lines: NonNullable<RestockAction["lines"]> } | { problem: string } {
  const lines: NonNullable<RestockAction["lines"]> = [];
  for (const line of order.lines.filter((l) => l.status === "delivered")) {
    const count = counts[line.id] ?? { received: String(line.quantity), damaged: "0" };
    const received = whole(count.received);
    const damaged = whole(count.damaged || "0");
    const name = `${line.brand} ${line.model} talla ${line.size}`;
    if (received === null || received > line.quantity)
      return { problem: `Recibidos de ${name}: un número entre 0 y ${line.quantity}` };
    if (damaged === null || damaged > received)
      return { problem: `Dañados de ${name}: un número entre 0 y ${received}` };
    if (received !== line.quantity || damaged > 0)
      lines.push({ transfer_id: line.id, received_quantity: received, damaged_quantity: damaged });
  }
  return { lines };
}

type Props = {
  order: RestockOrder;
  busy: boolean;
  error: string | null;
  onConfirm: (lines: NonNullable<RestockAction["lines"]>) => void;
  onCancel: () => void;
};

/** 'Recibir pedido': line by line, how many arrived and how many of those came damaged. */
export function ReceiveOrderModal({ order, busy, error, onConfirm, onCancel }: Props) {
  const [counts, setCounts] = useState<Record<number, Count>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const arriving = order.lines.filter((l) => l.status === "delivered");
  const set = (id: number, quantity: number, patch: Partial<Count>) => {
    setCounts((all) => ({ ...all, [id]: { received: String(quantity), damaged: "0", ...all[id], ...patch } }));
    setProblem(null);
  };
  return (
    <StepConfirmDialog
      title={`Recibir pedido #${order.id}`}
      confirmLabel="Confirmar recepción"
      busy={busy}
      error={problem ?? error}
      onCancel={onCancel}
      onConfirm={() => {
        const result = receptionLines(order, counts);
        if ("problem" in result) setProblem(result.problem);
        else onConfirm(result.lines);
      }}
    >
      <p>
        Cuenta lo que llegó de cada línea. Lo que falte o llegue dañado queda como diferencia para el administrador; lo
        demás entra a tu inventario.
      </p>
      <ul className="space-y-2" aria-label="Recepción por línea">
        {arriving.map((line) => {
          const count = counts[line.id] ?? { received: String(line.quantity), damaged: "0" };
          const name = `${line.brand} ${line.model} talla ${line.size}`;
          return (
            <li key={line.id} className="rounded-lg border border-stone-200 p-2" data-testid="receive-line">
              <span className="block font-medium">{name}</span>
              <span className="block text-stone-600">Enviados: {plural(line.quantity, "par", "pares")}</span>
              <div className="mt-1 grid grid-cols-2 gap-2">
                <label className="text-stone-700">
                  Recibidos
                  <input
                    className={compactInputClass}
                    inputMode="numeric"
                    value={count.received}
                    aria-label={`Recibidos de ${name}`}
                    onChange={(e) => set(line.id, line.quantity, { received: e.target.value })}
                  />
                </label>
                <label className="text-stone-700">
                  Dañados
                  <input
                    className={compactInputClass}
                    inputMode="numeric"
                    value={count.damaged}
                    aria-label={`Dañados de ${name}`}
                    onChange={(e) => set(line.id, line.quantity, { damaged: e.target.value })}
                  />
                </label>
              </div>
            </li>
          );
        })}
      </ul>
    </StepConfirmDialog>
  );
}
