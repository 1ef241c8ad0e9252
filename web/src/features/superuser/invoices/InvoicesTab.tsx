import { useState } from "react";
import type { InvoiceFilter, Payment } from "../../../api/superadmin";
import type { Invoice } from "../../../api/superadmin-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { accentButton } from "../../../lib/ui/classes";
import { namedOptions, SelectField } from "../../../lib/ui/form";
import { CardGrid } from "../../../lib/ui/ItemList";
import { ListCount } from "../../../lib/ui/ListCount";
import { bogotaToday } from "../../company/dates";
import { ConsoleState, TabToolbar } from "../ConsoleState";
import { CARD_GRID, INVOICE_FILTERS } from "../labels";
import { useGenerateInvoice, useMarkInvoicePaid } from "../mutations";
import { superuserQueries } from "../queries";
import type { GoTab } from "../tabs";
import { useAction } from "../useAction";
import { useConsoleData } from "../useConsoleData";
import { InvoiceCard } from "./InvoiceCard";
import { InvoiceSummary } from "./InvoiceSummary";
import { invoiceTotals } from "./invoices";
import { MarkPaidDialog } from "./MarkPaidDialog";

type Props = { go: GoTab; company: number | undefined };

const isFilter = (value: string): value is InvoiceFilter => INVOICE_FILTERS.some((f) => f.value === value);

/** Invoices of every company or of one (?company=), with the status filter and the summary cards. */
export function InvoicesTab({ go, company }: Props) {
  const [status, setStatus] = useState<InvoiceFilter>("all");
  const [paying, setPaying] = useState<Invoice | null>(null);
  const { run, running } = useAction();
  // 'Generar factura' again after a lost answer does not bill twice.
  const invoiceKeys = useIdempotencyKeys();
  const today = bogotaToday();

  const companies = useConsoleData(superuserQueries.companies());
  const invoices = useConsoleData(superuserQueries.invoices(company, status));
  const payment = useMarkInvoicePaid();
  const invoice = useGenerateInvoice();

  const markPaid = async (paid: Invoice, paidWith: Payment) => {
    const done = await run(
      `paid:${paid.id}`,
      () => payment.mutateAsync({ invoiceId: paid.id, payment: paidWith }),
      "Factura marcada como pagada",
    );
    if (done) setPaying(null);
  };

  const generate = async (companyId: number) => {
    await run(
      `generate:${companyId}`,
      async () => {
        const invoiceFor = { company_id: companyId };
        const answer = await invoice.mutateAsync({ companyId, key: invoiceKeys.keyFor(invoiceFor) });
        invoiceKeys.renew(invoiceFor);
        return answer;
      },
      "Factura generada exitosamente",
    );
  };

  const companyList = companies.data?.companies ?? [];
  const scoped = company === undefined ? undefined : companyList.find((c) => c.id === company);
  return (
    <div className="space-y-5">
      <TabToolbar
        columns="sm:grid-cols-2"
        action={
          company !== undefined && (
            <button
              type="button"
              onClick={() => void generate(company)}
              disabled={running !== null}
              className={accentButton}
            >
              {running === `generate:${company}` ? "Generando..." : "Generar Factura"}
            </button>
          )
        }
      >
        <SelectField
          label="Empresa"
          value={company ?? ""}
          onChange={(v) => go("invoices", { company: v === "" ? undefined : Number(v), replace: true })}
          placeholder="Todas las empresas"
          // a company not in the list (an old link) still shows as chosen
          options={[
            ...(company !== undefined && !scoped ? [{ value: company, label: `Empresa ID ${company}` }] : []),
            ...namedOptions(companyList),
          ]}
        />
        <SelectField
          label="Estado"
          value={status}
          onChange={(v) => isFilter(v) && setStatus(v)}
          options={INVOICE_FILTERS}
        />
      </TabToolbar>

      {company !== undefined && (
        <h2 className="text-lg font-semibold text-stone-900">
          Facturas de {scoped?.name ?? `la empresa ID ${company}`}
        </h2>
      )}

      <ConsoleState live={invoices} loadingLabel="Cargando facturas...">
        {({ all, shown }) => (
          <>
            <InvoiceSummary totals={invoiceTotals(all, today)} />
            <ListCount shown={shown.length} total={shown.length} one="factura" many="facturas" />
            <CardGrid items={shown} empty="No hay facturas para mostrar" className={CARD_GRID}>
              {(invoice) => (
                <InvoiceCard
                  key={invoice.id}
                  invoice={invoice}
                  today={today}
                  disabled={running !== null}
                  onMarkPaid={setPaying}
                  onViewCompany={(companyId) => go("companies", { company: companyId })}
                />
              )}
            </CardGrid>
          </>
        )}
      </ConsoleState>

      {paying && (
        <MarkPaidDialog
          invoice={paying}
          busy={running !== null}
          onConfirm={(payment) => void markPaid(paying, payment)}
          onCancel={() => setPaying(null)}
        />
      )}
    </div>
  );
}
