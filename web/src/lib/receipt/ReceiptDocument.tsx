import type { Receipt } from "../../api/receipts";
import { formatCOP, formatDateTime, paymentLabel } from "../format";

/** The receipt as printed: narrow and monospaced for an 80 mm roll, the same markup on A4. */
export function ReceiptDocument({ receipt: r }: { receipt: Receipt }) {
  return (
    <article
      className="receipt mx-auto w-full max-w-sm bg-white p-4 font-mono text-[13px] leading-snug text-black"
      aria-label={`Recibo de la venta #${r.number}`}
    >
      <header className="text-center">
        <h1 className="text-base font-bold uppercase">{r.company.legal_name ?? r.company.name}</h1>
        {r.company.legal_name && r.company.legal_name !== r.company.name && <p>{r.company.name}</p>}
        {r.company.tax_id && <p>NIT {r.company.tax_id}</p>}
        <p>{r.location.name}</p>
        {r.location.address && <p>{r.location.address}</p>}
        {(r.location.phone ?? r.company.phone) && <p>Tel. {r.location.phone ?? r.company.phone}</p>}
      </header>
      <hr className="my-2 border-dashed border-black" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <dt>Venta</dt>
        <dd className="text-right font-bold">#{r.number}</dd>
        <dt>Fecha</dt>
        <dd className="text-right">{formatDateTime(r.issued_at)}</dd>
        <dt>Vendedor</dt>
        <dd className="text-right">{r.seller_name}</dd>
        {r.customer && (
          <>
            <dt>Cliente</dt>
            <dd className="text-right">
              {r.customer.name}
              <br />
              {r.customer.document}
            </dd>
          </>
        )}
      </dl>
      {r.status !== "completed" && <p className="mt-2 text-center font-bold uppercase">Venta anulada</p>}
      <hr className="my-2 border-dashed border-black" />
      <ul className="space-y-1.5" aria-label="Productos">
        {r.lines.map((l) => (
          <li key={`${l.reference}-${l.size}`}>
            <p>
              {l.description} · T{l.size}
            </p>
            <p className="flex justify-between">
              <span>
                {l.quantity} × {formatCOP(l.unit_price)} <span className="text-[11px]">({l.reference})</span>
              </span>
              <span>{formatCOP(l.subtotal)}</span>
            </p>
          </li>
        ))}
      </ul>
      <hr className="my-2 border-dashed border-black" />
      <dl className="grid grid-cols-[1fr_auto] gap-x-2">
        {r.discount > 0 && (
          <>
            <dt>Subtotal</dt>
            <dd className="text-right">{formatCOP(r.subtotal)}</dd>
            <dt>Descuento</dt>
            <dd className="text-right">−{formatCOP(r.discount)}</dd>
          </>
        )}
        <dt className="text-base font-bold">Total</dt>
        <dd className="text-right text-base font-bold" data-testid="receipt-total">
          {formatCOP(r.total)}
        </dd>
        {r.payments.map((p) => (
          <div key={p.id} className="col-span-2 grid grid-cols-[1fr_auto] gap-x-2">
            <dt>{paymentLabel(p.payment_type)}</dt>
            <dd className="text-right">{formatCOP(p.amount)}</dd>
            {p.cash_received !== null && p.change !== null && (
              <>
                <dt className="pl-2">Recibido</dt>
                <dd className="text-right">{formatCOP(p.cash_received)}</dd>
                <dt className="pl-2">Cambio</dt>
                <dd className="text-right" data-testid="receipt-change">
                  {formatCOP(p.change)}
                </dd>
              </>
            )}
          </div>
        ))}
      </dl>
      {r.return_policy && (
        <>
          <hr className="my-2 border-dashed border-black" />
          <p className="whitespace-pre-line text-[12px]">{r.return_policy}</p>
        </>
      )}
      <p className="mt-3 text-center text-[11px]">Gracias por tu compra · Horma</p>
    </article>
  );
}
