import type { PurchaseOrder } from "../../../api/purchasing";
import { formatCOP, productName } from "../../../lib/format";
import { Modal } from "../../../lib/ui/Modal";
import { ORDER_STATE } from "./OrderCard";

/**
 * An order's lines: ordered, received and pending pairs, the cost per pair agreed, and the product's
 * weighted average cost now (what its next sale is costed at).
 */
export function OrderLinesModal({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  return (
    <Modal title={`Orden #${order.id} · ${order.supplier.name}`} onClose={onClose} wide>
      <p className="text-sm text-stone-600">
        {ORDER_STATE[order.status].label} · llega a {order.location_name} · {order.received_pairs} de{" "}
        {order.total_pairs} pares recibidos · {formatCOP(order.total_cost)}
      </p>
      {order.notes && <p className="mt-1 text-sm text-stone-700">{order.notes}</p>}
      <ul className="mt-3 divide-y divide-stone-200" aria-label="Líneas de la orden">
        {order.lines.map((l) => (
          <li key={l.id} data-testid="order-line-detail" className="py-2">
            <div className="flex items-baseline justify-between gap-3">
              <p className="min-w-0 font-semibold text-stone-900">
                {productName(l)} · talla {l.size}
              </p>
              <p className="shrink-0 text-sm tabular-nums text-stone-900">
                {l.received} / {l.quantity} pares
              </p>
            </div>
            <p className="text-xs text-stone-600">
              {l.sneaker_reference_code} · {formatCOP(l.unit_cost)} por par · costo promedio del producto:{" "}
              {l.average_cost === null ? "sin costo" : formatCOP(l.average_cost)}
            </p>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
