import type { PastReturn, ReturnSale } from "../../../api/sale-returns";
import { formatCOP, formatDateTime, paymentLabel } from "../../../lib/format";
import { linkButton } from "../../../lib/ui/classes";
import { Panel } from "../../../lib/ui/Panel";

type Props = { sale: ReturnSale; returns: readonly PastReturn[]; onOther: () => void };

/** What the customer bought: the sale's number, date, seller, customer and what it came to. */
export function SaleHeader({ sale, returns, onOther }: Props) {
  return (
    <Panel
      title={`Venta #${sale.id}`}
      action={
        <button type="button" className={linkButton} onClick={onOther}>
          Buscar otra venta
        </button>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Fecha</dt>
        <dd className="text-right text-stone-900">{formatDateTime(sale.sale_date)}</dd>
        <dt className="text-stone-600">Vendedor</dt>
        <dd className="text-right text-stone-900">
          {sale.seller_name} · {sale.location_name}
        </dd>
        {sale.customer && (
          <>
            <dt className="text-stone-600">Cliente</dt>
            <dd className="text-right text-stone-900">
              {sale.customer.name} · {sale.customer.document}
            </dd>
          </>
        )}
        {sale.discount_amount > 0 && (
          <>
            <dt className="text-stone-600">Descuento</dt>
            <dd className="text-right text-stone-900">{formatCOP(sale.discount_amount)}</dd>
          </>
        )}
        <dt className="text-stone-600">Pagó</dt>
        <dd className="text-right text-stone-900">
          {sale.payment_methods.map((p) => `${paymentLabel(p.payment_type)} ${formatCOP(p.amount)}`).join(" · ")}
        </dd>
        <dt className="font-semibold text-stone-900">Total</dt>
        <dd className="text-right font-bold text-stone-900">{formatCOP(sale.total_amount)}</dd>
      </dl>
      {returns.length > 0 && <PastReturns returns={returns} />}
    </Panel>
  );
}

/** The returns and exchanges already made of this sale, each with its receipt. */
function PastReturns({ returns }: { returns: readonly PastReturn[] }) {
  return (
    <section aria-label="Devoluciones anteriores" className="mt-4 border-t border-stone-200 pt-3">
      <h4 className="text-sm font-semibold text-stone-900">Devoluciones anteriores</h4>
      <ul className="mt-1 divide-y divide-stone-100">
        {returns.map((r) => (
          <li key={r.id} className="py-2 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-stone-900">
                {r.kind === "exchange" ? "Cambio" : "Devolución"} #{r.id}
              </span>
              <span className="text-stone-600">{formatDateTime(r.created_at)}</span>
            </div>
            <p className="text-stone-700">
              {r.lines.map((l) => `${l.quantity} × ${l.sneaker_reference_code} T${l.size}`).join(", ")} ·{" "}
              {r.reason_text}
            </p>
            <p className="text-stone-600">
              {[
                r.refund_amount > 0 &&
                  `Reembolso ${formatCOP(r.refund_amount)}${r.refund_method ? ` (${paymentLabel(r.refund_method)})` : ""}`,
                r.credit_amount > 0 && `Saldo a favor ${formatCOP(r.credit_amount)}`,
                r.refund_amount === 0 && r.credit_amount === 0 && "Sin reembolso",
              ]
                .filter(Boolean)
                .join(" · ")}{" "}
              · {r.user_name}
            </p>
            <a href={`/recibo/${r.receipt_token}`} className={linkButton}>
              Ver recibo
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
