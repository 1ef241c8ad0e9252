import type { PurchaseOrderRow, PurchaseOrderState } from "../../../api/purchasing";
import { formatCOP, formatDate } from "../../../lib/format";
import { Badge, type BadgeTone } from "../../../lib/ui/Badge";
import { SmallButton } from "../../../lib/ui/SmallButton";

export const ORDER_STATE: Record<PurchaseOrderState, { label: string; tone: BadgeTone }> = {
  borrador: { label: "Borrador", tone: "stone" },
  enviada: { label: "Enviada", tone: "info" },
  parcial: { label: "Recibida en parte", tone: "warning" },
  recibida: { label: "Recibida", tone: "success" },
  cerrada: { label: "Cerrada", tone: "stone" },
  cancelada: { label: "Cancelada", tone: "error" },
};

export type OrderCommand = "receive" | "send" | "cancel" | "close" | "open";

type Props = { order: PurchaseOrderRow; onCommand: (command: OrderCommand) => void };

/** An order in the list: supplier, destination, state, pairs received of ordered, cost; what can be done next. */
export function OrderCard({ order, onCommand }: Props) {
  const state = ORDER_STATE[order.status];
  const name = `orden #${order.id}`;
  return (
    <li data-testid="purchase-order" className="space-y-2 rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            #{order.id} · {order.supplier_name}
          </p>
          <p className="text-sm text-stone-600">
            Llega a {order.location_name}
            {order.expected_on ? ` · esperada el ${formatDate(order.expected_on)}` : ""}
          </p>
        </div>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <p className="text-sm text-stone-800 tabular-nums">
        {order.received_pairs} de {order.total_pairs} pares recibidos · {formatCOP(order.total_cost)}
      </p>
      <div className="flex flex-wrap gap-2">
        <SmallButton label={`Ver ${name}`} onClick={() => onCommand("open")}>
          Ver líneas
        </SmallButton>
        {(order.status === "enviada" || order.status === "parcial") && (
          <SmallButton label={`Recibir ${name}`} onClick={() => onCommand("receive")}>
            Recibir
          </SmallButton>
        )}
        {order.status === "borrador" && (
          <SmallButton label={`Enviar ${name}`} onClick={() => onCommand("send")}>
            Enviar
          </SmallButton>
        )}
        {order.status === "parcial" && (
          <SmallButton label={`Cerrar ${name}`} onClick={() => onCommand("close")}>
            Cerrar
          </SmallButton>
        )}
        {(order.status === "borrador" || order.status === "enviada") && (
          <SmallButton label={`Cancelar ${name}`} onClick={() => onCommand("cancel")} danger>
            Cancelar
          </SmallButton>
        )}
      </div>
    </li>
  );
}
