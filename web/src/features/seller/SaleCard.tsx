import { useId, useState } from "react";
import type { Sale } from "../../api/seller-schemas";
import { countLabel, formatCOP, formatDateTime, paymentLabel, productName } from "../../lib/format";
import { inputClass, secondaryButton } from "../../lib/ui/classes";
import { ReceiptThumbnail } from "./ReceiptThumbnail";
import { canReturn } from "./returns/returnForm";
import { isPending, saleBadge } from "./salesFilter";

const BADGE_CLASS = {
  Confirmada: "bg-green-100 text-green-800",
  Pendiente: "bg-amber-100 text-amber-900",
  Rechazada: "bg-red-100 text-red-800",
} as const;

type Props = {
  sale: Sale;
  busy: boolean;
  onDecide: (sale: Sale, confirmed: boolean, notes: string) => void;
  /** 'Devolver / Cambiar': only on a sale with units left to bring back. */
  onReturn?: (sale: Sale) => void;
};

/** One sale of the day with its items, payments, receipt and the confirm/reject actions when pending. */
export function SaleCard({ sale, busy, onDecide, onReturn }: Props) {
  const id = useId();
  const badge = saleBadge(sale);
  const [rejecting, setRejecting] = useState(false);
  const [notes, setNotes] = useState("");

  return (
    <article className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm" data-testid="sale-card">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASS[badge]}`}>{badge}</span>
          <span className="font-semibold text-stone-900">Venta #{sale.id}</span>
        </div>
        <time className="text-sm text-stone-600">{formatDateTime(sale.sale_date)}</time>
      </header>
      <p className="mt-1 text-sm text-stone-600">
        {sale.seller_name} · {sale.location_name}
      </p>

      <ul className="mt-3 divide-y divide-stone-100 rounded-lg bg-stone-50 px-3">
        {sale.items.map((item) => (
          <li key={item.id} className="py-2 text-sm">
            <div className="flex justify-between gap-3">
              <span className="font-semibold text-stone-900">{productName(item)}</span>
              <span className="shrink-0">{formatCOP(item.subtotal)}</span>
            </div>
            <p className="text-stone-600">
              {[
                item.color,
                `Talla ${item.size}`,
                `${item.quantity} × ${formatCOP(item.unit_price)}`,
                item.returned_quantity > 0 && countLabel(item.returned_quantity, "devuelto", "devueltos"),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <p className="font-mono text-xs text-stone-500">{item.sneaker_reference_code}</p>
          </li>
        ))}
      </ul>

      <ul className="mt-3 space-y-0.5 text-sm">
        {sale.payment_methods.map((p) => (
          <li key={p.id}>
            <div className="flex justify-between gap-3">
              <span className="text-stone-700">
                {paymentLabel(p.payment_type)}
                {p.reference && <span className="text-stone-500"> ({p.reference})</span>}
              </span>
              <span>{formatCOP(p.amount)}</span>
            </div>
            {p.cash_received !== null && p.change !== null && (
              <p className="text-stone-500">
                Recibido {formatCOP(p.cash_received)} · Cambio {formatCOP(p.change)}
              </p>
            )}
          </li>
        ))}
      </ul>
      {sale.discount_amount > 0 && (
        <p className="mt-1 text-sm text-stone-600">Descuento aplicado: {formatCOP(sale.discount_amount)}</p>
      )}
      {sale.customer && (
        <p className="mt-2 text-sm text-stone-700">
          Cliente: {sale.customer.name} · {sale.customer.document}
        </p>
      )}
      {sale.notes && <p className="mt-2 text-sm text-stone-700">Notas: {sale.notes}</p>}

      <div className="mt-3 flex items-end justify-between gap-3 border-t border-stone-200 pt-3">
        <div className="flex items-end gap-3">
          {sale.has_receipt && sale.receipt_image && (
            <ReceiptThumbnail path={sale.receipt_image} alt={`Comprobante de pago de la venta #${sale.id}`} />
          )}
          {sale.receipt_token && (
            <a
              href={`/recibo/${sale.receipt_token}`}
              className={secondaryButton}
              aria-label={`Recibo de la venta #${sale.id}: imprimir o compartir`}
            >
              Recibo
            </a>
          )}
        </div>
        <p className="text-right">
          <span className="block text-xs text-stone-600">Total</span>
          <span className="text-xl font-bold text-stone-900">{formatCOP(sale.total_amount)}</span>
        </p>
      </div>

      {onReturn && canReturn(sale) && (
        <button
          type="button"
          className={`${secondaryButton} mt-3 w-full`}
          onClick={() => onReturn(sale)}
          aria-label={`Devolver / Cambiar: venta #${sale.id}`}
        >
          Devolver / Cambiar
        </button>
      )}

      {sale.confirmed_at && (
        <p className="mt-2 text-xs text-stone-600">
          {badge === "Rechazada" ? "Rechazada" : "Confirmada"} el {formatDateTime(sale.confirmed_at)}
          {sale.confirmation_notes && ` · ${sale.confirmation_notes}`}
        </p>
      )}

      {isPending(sale) && !rejecting && (
        <div className="mt-3 grid grid-cols-2 gap-3">
          <button
            type="button"
            disabled={busy}
            onClick={() => onDecide(sale, true, "")}
            className="rounded-lg bg-green-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-50"
          >
            Confirmar
          </button>
          <button type="button" disabled={busy} onClick={() => setRejecting(true)} className={secondaryButton}>
            Rechazar
          </button>
        </div>
      )}
      {isPending(sale) && rejecting && (
        <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-red-900">
            Motivo del rechazo (el inventario se restaura)
          </label>
          <textarea
            id={`${id}-notes`}
            rows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            className={inputClass}
          />
          <div className="mt-2 grid grid-cols-2 gap-3">
            <button type="button" disabled={busy} onClick={() => setRejecting(false)} className={secondaryButton}>
              Cancelar
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => onDecide(sale, false, notes.trim())}
              className="rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50"
            >
              Rechazar venta
            </button>
          </div>
        </div>
      )}
    </article>
  );
}
