import type { Invoice } from "../../../api/superadmin-schemas";
import { billMethodLabel } from "../../../lib/billPayments";
import { formatCOP, formatDate, formatDateTime } from "../../../lib/format";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { CardShell } from "../CardShell";
import { INVOICE_STATUS, monthLabel } from "../labels";
import { effectiveStatus } from "./invoices";

type Props = {
  invoice: Invoice;
  today: string;
  disabled: boolean;
  onMarkPaid: (invoice: Invoice) => void;
  onViewCompany: (companyId: number) => void;
};

/** One invoice: number, company, period, total, due date, status and, once paid, how (spec 2 §2 Invoices). */
export function InvoiceCard({ invoice, today, disabled, onMarkPaid, onViewCompany }: Props) {
  const status = effectiveStatus(invoice, today);
  return (
    <CardShell
      testId="invoice-card"
      title={invoice.invoice_number}
      titleClass="truncate font-mono text-sm font-semibold text-stone-900"
      details={<p className="truncate text-sm text-stone-700">{invoice.company_name}</p>}
      status={{ ...INVOICE_STATUS[status], testId: "invoice-status" }}
    >
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">Periodo</dt>
          <dd className="font-medium text-stone-900">{monthLabel(invoice.billing_period_start)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Total</dt>
          <dd className="text-base font-bold text-stone-900 tabular-nums">{formatCOP(invoice.total_amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Vence</dt>
          <dd className={`font-medium tabular-nums ${status === "overdue" ? "text-red-700" : "text-stone-900"}`}>
            {formatDate(invoice.due_date)}
          </dd>
        </div>
        {invoice.locations_count !== undefined && (
          <div>
            <dt className="text-xs text-stone-500">Ubicaciones facturadas</dt>
            <dd className="font-medium text-stone-900 tabular-nums">{invoice.locations_count}</dd>
          </div>
        )}
        {status === "paid" && (
          <>
            <div>
              <dt className="text-xs text-stone-500">Pagada el</dt>
              <dd className="font-medium text-stone-900">{formatDateTime(invoice.paid_at)}</dd>
            </div>
            <div>
              <dt className="text-xs text-stone-500">Método</dt>
              <dd className="font-medium break-words text-stone-900">{billMethodLabel(invoice.payment_method)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-stone-500">Referencia</dt>
              <dd className="font-medium break-words text-stone-900">{invoice.payment_reference ?? "—"}</dd>
            </div>
          </>
        )}
      </dl>
      {invoice.lines.length > 0 && (
        <ul
          aria-label="Cómo se facturó el periodo"
          className="mt-3 space-y-1 border-t border-stone-100 pt-2 text-xs text-stone-600"
        >
          {invoice.lines.map((line) => (
            <li key={line.start} data-testid="invoice-line" className="flex justify-between gap-3">
              <span className="min-w-0">{line.description}</span>
              <span className="shrink-0 font-semibold text-stone-900 tabular-nums">{formatCOP(line.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
        {status !== "paid" ? (
          <button type="button" onClick={() => onMarkPaid(invoice)} disabled={disabled} className={accentButton}>
            Marcar Pagada
          </button>
        ) : (
          <span />
        )}
        <button type="button" onClick={() => onViewCompany(invoice.company_id)} className={secondaryButton}>
          Ver Empresa
        </button>
      </div>
    </CardShell>
  );
}
