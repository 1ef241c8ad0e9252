import { useAtomValue } from "jotai";
import { useState } from "react";
import type { RestockAction, RestockLine, RestockOrder } from "../../../api/transfer-orders";
import { countLabel, formatDateTime } from "../../../lib/format";
import { sessionAtom } from "../../../lib/session";
import { Badge, type BadgeTone } from "../../../lib/ui/Badge";
import { StepConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { accentButton, cardClass, dangerButton, secondaryButton } from "../../../lib/ui/classes";
import { ReasonField } from "../../../lib/ui/ReasonField";
import { PickList } from "./PickList";
import { ReceiveOrderModal } from "./ReceiveOrderModal";
import { carriesOrders, keepsOrder, preparing, receivesOrder } from "./roles";

const TONE: Record<string, BadgeTone> = {
  pending: "amber",
  accepted: "sky",
  courier_assigned: "violet",
  in_transit: "orange",
  returning_to_origin: "red",
  delivered: "sky",
  completed: "green",
  cancelled: "stone",
};

/** The reasons asked for when an order is declined or called off (any other can be typed). */
const REASONS = ["Sin stock real de esas tallas", "Ya no se necesita", "Se pedirá a otra ubicación"] as const;

type ReasonAction = "decline" | "cancel" | "keeper_cancel";
const REASON_TEXTS: Record<ReasonAction, { title: string; confirm: string }> = {
  decline: { title: "Rechazar pedido", confirm: "Rechazar" },
  cancel: { title: "Cancelar pedido", confirm: "Cancelar pedido" },
  keeper_cancel: { title: "Cancelar en el origen", confirm: "Cancelar pedido" },
};

export type OrderWrites = {
  busy: boolean;
  error: string | null;
  act: (order: RestockOrder, body: RestockAction) => Promise<boolean>;
  pick: (order: RestockOrder, line: RestockLine, picked: boolean, code: string | null) => void;
  problem: (text: string) => void;
};

/** One restock order: where from and to, its pick list, and the step the signed-in user can take. */
export function RestockOrderCard({ order, writes }: { order: RestockOrder; writes: OrderWrites }) {
  const user = useAtomValue(sessionAtom);
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const [reason, setReason] = useState("");
  const [receiving, setReceiving] = useState(false);
  if (!user) return null;
  const keeper = keepsOrder(user, order);
  const receiver = receivesOrder(user, order);
  const courier = carriesOrders(user);
  const live = order.lines.filter((l) => l.status !== "cancelled");
  const allPicked = live.filter((l) => preparing(l.status)).every((l) => l.picked);
  const step = (label: string, body: RestockAction, tone = accentButton) => (
    <button
      key={body.action}
      type="button"
      className={tone}
      disabled={writes.busy}
      onClick={() => void writes.act(order, body)}
    >
      {label}
    </button>
  );
  const buttons: React.ReactNode[] = [];
  const s = order.status;
  if (s === "pending" && keeper) {
    buttons.push(step("Aceptar pedido", { action: "accept" }));
    buttons.push(
      <button key="decline" type="button" className={dangerButton} onClick={() => setAsking("decline")}>
        Rechazar
      </button>,
    );
  }
  if (preparing(s) && keeper) {
    if (order.pickup_type === "vendedor" && s === "accepted")
      buttons.push(
        step(allPicked ? "Entregar a quien lo recoge" : "Entregar (falta alistar)", { action: "deliver_to_vendor" }),
      );
    if (s === "courier_assigned")
      buttons.push(
        step(allPicked ? "Entregar al corredor" : "Entregar al corredor (falta alistar)", {
          action: "deliver_to_courier",
        }),
      );
    buttons.push(
      <button key="kcancel" type="button" className={secondaryButton} onClick={() => setAsking("keeper_cancel")}>
        Cancelar en origen
      </button>,
    );
  }
  if (s === "accepted" && order.pickup_type === "corredor" && courier && user.role === "corredor")
    buttons.push(step("Tomar pedido", { action: "courier_accept" }));
  if (s === "in_transit" && courier && user.role === "corredor")
    buttons.push(step("Confirmar entrega", { action: "confirm_delivery" }));
  if (s === "delivered" && receiver)
    buttons.push(
      <button key="receive" type="button" className={accentButton} onClick={() => setReceiving(true)}>
        Recibir pedido
      </button>,
    );
  if ((s === "pending" || s === "accepted") && receiver && !keeper)
    buttons.push(
      <button key="cancel" type="button" className={secondaryButton} onClick={() => setAsking("cancel")}>
        Cancelar pedido
      </button>,
    );
  return (
    <article className={`${cardClass} space-y-3`} data-testid="restock-order" aria-label={`Pedido #${order.id}`}>
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-stone-900">Pedido #{order.id}</h3>
        <Badge tone={TONE[s] ?? "stone"} testId="restock-status">
          {order.status_label}
        </Badge>
        <Badge tone="stone">
          {order.pickup_type === "corredor" ? "Lo lleva un corredor" : "Se recoge en el origen"}
        </Badge>
      </header>
      <p className="text-sm text-stone-700">
        {order.source_location_name} → {order.destination_location_name} ·{" "}
        {countLabel(order.lines_count, "línea", "líneas")} ·{" "}
        {order.lines.every((l) => l.foot_side === null)
          ? countLabel(order.units, "par", "pares")
          : countLabel(order.units, "unidad", "unidades")}
        {preparing(s) ? ` · ${order.picked_count} de ${order.lines_count} alistadas` : ""}
      </p>
      <p className="text-xs text-stone-500">
        Pedido por {order.requester_name} el {formatDateTime(order.created_at)}
        {order.courier_name ? ` · corredor: ${order.courier_name}` : ""}
        {order.notes ? ` · ${order.notes}` : ""}
      </p>
      <PickList
        order={order}
        canPick={keeper}
        busy={writes.busy}
        onPick={(line, picked, code) => writes.pick(order, line, picked, code)}
        onProblem={writes.problem}
      />
      {buttons.length > 0 && <div className="flex flex-wrap gap-2">{buttons}</div>}
      {asking && (
        <StepConfirmDialog
          title={REASON_TEXTS[asking].title}
          confirmLabel={REASON_TEXTS[asking].confirm}
          busy={writes.busy}
          error={writes.error}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (!reason.trim()) return writes.problem("Indica el motivo");
            void writes.act(order, { action: asking, reason }).then((done) => done && setAsking(null));
          }}
        >
          <ReasonField label="Motivo" value={reason} onChange={setReason} suggestions={REASONS} />
        </StepConfirmDialog>
      )}
      {receiving && (
        <ReceiveOrderModal
          order={order}
          busy={writes.busy}
          error={writes.error}
          onCancel={() => setReceiving(false)}
          onConfirm={(lines) =>
            void writes.act(order, { action: "confirm_reception", lines }).then((done) => done && setReceiving(false))
          }
        />
      )}
    </article>
  );
}
