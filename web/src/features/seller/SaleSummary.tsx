import { memo } from "react";
import type { Customer } from "../../api/customers";
import { formatCOP, PAYMENT_LABEL, productName } from "../../lib/format";
import { useObjectUrl } from "../../lib/ui/useObjectUrl";
import { SectionCard } from "./SectionCard";
import { changeOf, lineSubtotal, parseNumber, type SaleDraft, saleTotals } from "./saleForm";

/**
 * The review step: everything that will be recorded, before 'Confirmar Venta'. Memoised: the busy
 * state of the confirm button must not redraw it while the sale is being kept (the offline save budget).
 */
export const SaleSummary = memo(function SaleSummary({
  draft,
  receipt,
  customer = null,
}: {
  draft: SaleDraft;
  receipt: File | null;
  customer?: Pick<Customer, "name" | "document"> | null;
}) {
  const totals = saleTotals(draft);
  const preview = useObjectUrl(receipt);
  return (
    <SectionCard title="Resumen de la venta">
      {customer && (
        <p className="mb-3 text-sm text-stone-700" data-testid="summary-customer">
          Cliente: <span className="font-semibold text-stone-900">{customer.name}</span> · {customer.document}
        </p>
      )}
      <ul className="divide-y divide-stone-200">
        {draft.lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-semibold text-stone-900">{productName(line)}</span>
              <span className="block text-stone-600">
                {line.reference_code} · Talla {line.size}
                {line.color.trim() && ` · ${line.color}`} · {line.quantity} × {formatCOP(parseNumber(line.unit_price))}
              </span>
            </span>
            <span className="shrink-0 font-semibold">{formatCOP(lineSubtotal(line) / 100)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-600">Subtotal</dt>
          <dd>{formatCOP(totals.subtotal)}</dd>
        </div>
        {draft.discount.enabled && (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Descuento ({draft.discount.reason})</dt>
            <dd className="shrink-0">− {formatCOP(totals.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between text-lg font-bold text-stone-900">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatCOP(totals.net)}</dd>
        </div>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-stone-800">Pagos</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {draft.payments.map((p) => {
          const change = changeOf(p);
          return (
            <li key={p.key}>
              <div className="flex justify-between gap-3">
                <span>
                  {PAYMENT_LABEL[p.payment_type]}
                  {p.payment_type !== "efectivo" && p.reference.trim() && ` (${p.reference.trim()})`}
                </span>
                <span>{formatCOP(parseNumber(p.amount) || 0)}</span>
              </div>
              {change !== null && (
                <p className="text-stone-600" data-testid="summary-change">
                  Recibido {formatCOP(parseNumber(p.cash_received))} · Cambio {formatCOP(change)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {draft.notes.trim() && (
        <p className="mt-3 text-sm text-stone-700">
          <span className="font-semibold">Notas:</span> {draft.notes.trim()}
        </p>
      )}
      <p className="mt-2 text-sm text-stone-700">
        {draft.requiresConfirmation ? "Quedará pendiente de confirmación." : "Se registra como confirmada."}
      </p>
      {preview && (
        <img src={preview} alt="Recibo adjunto" className="mt-3 max-h-40 rounded-lg border border-stone-200" />
      )}
    </SectionCard>
  );
});
