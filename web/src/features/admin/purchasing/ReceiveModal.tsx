import { useState } from "react";
import type { PurchaseOrder } from "../../../api/purchasing";
import { formatCOP, productName } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { FormModal, NumberField, TextField, useForm } from "../../../lib/ui/form";
import { useReceivePurchaseOrder } from "../mutations";

type Props = { order: PurchaseOrder; onClose: () => void; onReceived: (message: string) => void };

/**
 * 'Recibir mercancía': how many pairs of each pending line arrived (all of them unless changed); the
 * pairs enter the destination's stock with their cost and move each product's average cost.
 */
export function ReceiveModal({ order, onClose, onReceived }: Props) {
  const idempotency = useIdempotencyKeys();
  const receive = useReceivePurchaseOrder();
  const pending = order.lines.filter((l) => l.pending > 0);
  const [arrived, setArrived] = useState<Record<number, string>>(() =>
    Object.fromEntries(pending.map((l) => [l.id, String(l.pending)])),
  );
  const form = useForm<{ notes: string }>({
    initial: () => ({ notes: "" }),
    validate: () => {
      const bad = pending.find((l) => {
        const text = arrived[l.id] ?? "0";
        return !/^\d+$/.test(text) || Number(text) > l.pending;
      });
      if (bad) return { notes: `Talla ${bad.size} de ${productName(bad)}: entre 0 y ${bad.pending} pares` };
      if (pending.every((l) => Number(arrived[l.id] ?? 0) === 0)) return { notes: "Indica cuántos pares llegaron" };
      return {};
    },
    failurePrefix: "No se pudo registrar la recepción",
    submit: async ({ notes }) => {
      const reception = {
        notes,
        lines: pending
          .map((l) => ({ line_id: l.id, quantity: Number(arrived[l.id] ?? 0) }))
          .filter((l) => l.quantity > 0),
      };
      const answer = await idempotency.send(reception, (key) => receive.mutateAsync({ id: order.id, reception, key }));
      const got = reception.lines.reduce((n, l) => n + l.quantity, 0);
      onReceived(
        `Recepción registrada: ${got} pares en ${answer.order.location_name} · orden #${order.id} ${
          answer.order.status === "recibida" ? "recibida completa" : "recibida en parte"
        }`,
      );
    },
  });
  return (
    <FormModal
      title={`Recibir orden #${order.id}`}
      onClose={onClose}
      form={form}
      wide
      submitLabel="Registrar recepción"
      busyLabel="Registrando..."
    >
      <p className="text-sm text-stone-600">
        {order.supplier.name} → {order.location_name}. Los pares entran al stock con su costo y actualizan el costo
        promedio de cada producto.
      </p>
      <ul className="divide-y divide-stone-200" aria-label="Líneas por recibir">
        {pending.map((l) => (
          <li key={l.id} data-testid="reception-line" className="flex items-end justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                {productName(l)} · talla {l.size}
              </p>
              <p className="text-xs text-stone-600">
                {l.sneaker_reference_code} · pendientes {l.pending} de {l.quantity} · {formatCOP(l.unit_cost)} por par
              </p>
            </div>
            <NumberField
              className="w-24 shrink-0"
              label={
                <>
                  <span>Llegaron</span>
                  <span className="sr-only">{` de ${l.sneaker_reference_code} talla ${l.size}`}</span>
                </>
              }
              value={arrived[l.id] ?? "0"}
              onChange={(value) => setArrived((a) => ({ ...a, [l.id]: value }))}
              min={0}
              max={l.pending}
            />
          </li>
        ))}
      </ul>
      <TextField label="Notas" {...form.bind("notes")} hint="Opcional: remisión, faltantes, estado de las cajas" />
    </FormModal>
  );
}
