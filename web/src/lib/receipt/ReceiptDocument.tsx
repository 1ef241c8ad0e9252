import type { Receipt } from "../../api/receipts";
import { formatCOP, formatDate, formatDateTime, paymentLabel } from "../format";
import { ElectronicDocumentBlock } from "./ElectronicDocumentBlock";

type Returned = NonNullable<Receipt["returned"]>;

/**
 * A receipt as the server wrote it, or as the phone draws a sale still on its way to the server:
 * without a number (null) until the server gives it one.
 */
export type ShownReceipt = Omit<Receipt, "number" | "token"> & { number: number | null };

/** Said where a sale kept on the phone will have its number. */
export const NUMBER_PENDING = "Número DIAN pendiente: se asigna cuando la venta llegue al servidor";

/** What the receipt is of: its title, and its name for screen readers and tests. */
export function receiptTitle(r: Pick<ShownReceipt, "kind" | "number">): { title: string; label: string } {
  if (r.number === null) return { title: "Venta", label: "Recibo de la venta guardada en el teléfono" };
  if (r.kind === "return") return { title: `Devolución #${r.number}`, label: `Recibo de la devolución #${r.number}` };
  if (r.kind === "exchange") return { title: `Cambio #${r.number}`, label: `Recibo del cambio #${r.number}` };
  return { title: `Venta #${r.number}`, label: `Recibo de la venta #${r.number}` };
}

const REFUND_TEXT: Record<string, string> = {
  efectivo: "Reembolso en efectivo",
  tarjeta: "Reembolso a la tarjeta",
  transferencia: "Reembolso por transferencia",
};

const refundText = (method: string | null) => (method && REFUND_TEXT[method]) || "Reembolso";

const Rule = () => <hr className="my-2 border-dashed border-black" />;

const TAX_NAME: Record<Receipt["taxes"][number]["tax_class"], string> = {
  iva_19: "IVA 19 %",
  iva_5: "IVA 5 %",
  exento: "Exento",
  excluido: "Excluido",
};

/** Base and IVA per rate: prices include the IVA, so the total is their sum (DIAN: IVA per rate). */
function TaxesBlock({ taxes, label }: { taxes: Receipt["taxes"]; label: string }) {
  if (taxes.length === 0) return null;
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto_auto] gap-x-2 text-[11px]" aria-label={label}>
      <dt className="font-bold">{label}</dt>
      <dd className="text-right font-bold">Base</dd>
      <dd className="text-right font-bold">IVA</dd>
      {taxes.map((t) => (
        <div key={t.tax_class} className="col-span-3 grid grid-cols-subgrid" data-testid={`receipt-tax-${t.tax_class}`}>
          <dt>{TAX_NAME[t.tax_class]}</dt>
          <dd className="text-right">{formatCOP(t.base)}</dd>
          <dd className="text-right">{formatCOP(t.tax)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What came back: the units with what each was worth, the total, and how it went back (money or credit). */
function ReturnedBlock({ returned: b }: { returned: Returned }) {
  return (
    <section aria-label="Devuelto">
      <p className="font-bold uppercase">Devuelto</p>
      <ul className="space-y-1.5">
        {b.lines.map((l) => (
          <li key={`${l.reference}-${l.size}-${l.quantity}-${l.amount}`}>
            <p>
              {l.description} · T{l.size}
            </p>
            <p className="flex justify-between gap-2">
              <span>
                {l.quantity} u. <span className="text-[11px]">({l.reference})</span>
              </span>
              <span>{formatCOP(l.amount)}</span>
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-2">
        <dt className="font-bold">Total devuelto</dt>
        <dd className="text-right font-bold" data-testid="receipt-returned-total">
          {formatCOP(b.total)}
        </dd>
        {b.refund_amount > 0 && (
          <>
            <dt>{refundText(b.refund_method)}</dt>
            <dd className="text-right" data-testid="receipt-refund">
              {formatCOP(b.refund_amount)}
            </dd>
          </>
        )}
        {b.credit_amount > 0 && (
          <>
            <dt>Saldo a favor aplicado</dt>
            <dd className="text-right" data-testid="receipt-credit">
              {formatCOP(b.credit_amount)}
            </dd>
          </>
        )}
      </dl>
      <TaxesBlock taxes={b.taxes} label="IVA devuelto" />
    </section>
  );
}

/**
 * A sale brought back later: each return or exchange (with the link to its own receipt), and what is
 * left of the total. The sale's lines and total above stay what was sold that day.
 */
function LaterReturnsBlock({ receipt: r }: { receipt: ShownReceipt }) {
  return (
    <section aria-label="Devoluciones posteriores">
      <p className="font-bold uppercase">{r.fully_returned ? "Devuelta por completo" : "Con devoluciones"}</p>
      <ul className="space-y-0.5">
        {r.returns.map((back) => (
          <li key={back.number} className="flex justify-between gap-2">
            <a className="underline" href={`/recibo/${back.token}`}>
              {back.kind === "exchange" ? "Cambio" : "Devolución"} #{back.number} · {formatDate(back.issued_at)}
            </a>
            <span>−{formatCOP(back.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-2">
        <dt className="font-bold">Neto de la venta</dt>
        <dd className="text-right font-bold" data-testid="receipt-net">
          {formatCOP(r.net_total)}
        </dd>
      </dl>
    </section>
  );
}

/** The lines sold (a sale's, or what an exchange gave), the total and how it was paid. */
function SoldBlock({ receipt: r }: { receipt: ShownReceipt }) {
  return (
    <>
      <ul className="space-y-1.5" aria-label="Productos">
        {r.lines.map((l) => (
          <li key={`${l.reference}-${l.size}-${l.unit_price}`}>
            <p>
              {l.description} · T{l.size}
            </p>
            <p className="flex justify-between gap-2">
              <span>
                {l.quantity} × {formatCOP(l.unit_price)} <span className="text-[11px]">({l.reference})</span>
              </span>
              <span>{formatCOP(l.subtotal)}</span>
            </p>
          </li>
        ))}
      </ul>
      <Rule />
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
      <TaxesBlock taxes={r.taxes} label="Impuestos incluidos" />
    </>
  );
}

/**
 * The receipt as printed: narrow and monospaced for an 80 mm roll, the same markup on A4. A return's
 * shows what came back and the refund; an exchange's also what the customer took and how it was paid.
 */
export function ReceiptDocument({ receipt: r }: { receipt: ShownReceipt }) {
  const { title, label } = receiptTitle(r);
  const returned = r.kind === "sale" ? null : r.returned;
  return (
    <article
      className="receipt mx-auto w-full max-w-sm bg-white p-4 font-mono text-[13px] leading-snug text-black"
      aria-label={label}
    >
      <header className="text-center">
        <h1 className="text-base font-bold uppercase">{r.company.legal_name ?? r.company.name}</h1>
        {r.company.legal_name && r.company.legal_name !== r.company.name && <p>{r.company.name}</p>}
        {r.company.tax_id && <p>NIT {r.company.tax_id}</p>}
        <p>{r.location.name}</p>
        {r.location.address && <p>{r.location.address}</p>}
        {(r.location.phone ?? r.company.phone) && <p>Tel. {r.location.phone ?? r.company.phone}</p>}
      </header>
      <Rule />
      {returned && <h2 className="mb-1 text-center text-base font-bold uppercase">{title}</h2>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        {returned ? (
          <>
            <dt>De la venta</dt>
            <dd className="text-right font-bold">#{returned.sale_number}</dd>
          </>
        ) : (
          <>
            <dt>Venta</dt>
            <dd className="text-right font-bold">{r.number === null ? "Pendiente" : `#${r.number}`}</dd>
          </>
        )}
        {r.fiscal && (
          <>
            <dt>Documento POS</dt>
            <dd className="text-right font-bold" data-testid="receipt-fiscal-number">
              {r.fiscal.number}
            </dd>
          </>
        )}
        <dt>Fecha</dt>
        <dd className="text-right">{formatDateTime(r.issued_at)}</dd>
        <dt>{returned ? "Atendió" : "Vendedor"}</dt>
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
        {returned && (
          <>
            <dt>Motivo</dt>
            <dd className="text-right">{returned.reason}</dd>
          </>
        )}
      </dl>
      {r.status !== "completed" && <p className="mt-2 text-center font-bold uppercase">Venta anulada</p>}
      <Rule />
      {returned && <ReturnedBlock returned={returned} />}
      {returned && r.kind === "exchange" && <Rule />}
      {!returned && <SoldBlock receipt={r} />}
      {!returned && r.returns.length > 0 && (
        <>
          <Rule />
          <LaterReturnsBlock receipt={r} />
        </>
      )}
      {returned && r.kind === "exchange" && (
        <section aria-label="Se lleva">
          <p className="font-bold uppercase">Se lleva</p>
          <SoldBlock receipt={r} />
        </section>
      )}
      {(r.kind !== "return" || r.fiscal) && (
        <>
          <Rule />
          <p className="whitespace-pre-line text-[11px]" data-testid="receipt-fiscal-note">
            {r.fiscal
              ? `Documento equivalente electrónico POS ${r.fiscal.number}. ${r.fiscal.resolution}`
              : r.number === null
                ? `${NUMBER_PENDING}.`
                : "Documento no fiscal: el local no tenía una resolución de numeración DIAN vigente."}
          </p>
        </>
      )}
      {r.electronic && <ElectronicDocumentBlock electronic={r.electronic} />}
      {r.return_policy && (
        <>
          <Rule />
          <p className="whitespace-pre-line text-[12px]">{r.return_policy}</p>
        </>
      )}
      <p className="mt-3 text-center text-[11px]">{returned ? "Gracias · Horma" : "Gracias por tu compra · Horma"}</p>
    </article>
  );
}
