import { useEffect, useState } from "react";
import type { CompanyFilter } from "../../../api/superadmin";
import type { Company } from "../../../api/superadmin-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { accentButton } from "../../../lib/ui/classes";
import { SelectField, TextField } from "../../../lib/ui/form";
import { CardGrid } from "../../../lib/ui/ItemList";
import { ListCount } from "../../../lib/ui/ListCount";
import { ConsoleState, TabToolbar } from "../ConsoleState";
import { CARD_GRID, COMPANY_FILTERS } from "../labels";
import { useActivateCompany, useDeleteCompany, useGenerateInvoice, useSuspendCompany } from "../mutations";
import { superuserQueries } from "../queries";
import { SubscriptionChangeModal } from "../subscriptions/SubscriptionChangeModal";
import type { GoTab } from "../tabs";
import { useAction } from "../useAction";
import { useConsoleData } from "../useConsoleData";
import { type CompanyAction, CompanyCard } from "./CompanyCard";
import { CompanyFormModal } from "./CompanyFormModal";
import { CompanyMetricsPanel } from "./CompanyMetricsPanel";
import { SuspendDialog } from "./SuspendDialog";

export const DELETE_QUESTION = "¿Está seguro de eliminar esta empresa?";

type Dialog =
  | { kind: "create" }
  | { kind: "edit"; company: Company }
  | { kind: "suspend"; company: Company }
  | { kind: "delete"; company: Company }
  | { kind: "change-plan"; company: Company };

type Props = { go: GoTab; company: number | undefined };

/** Companies: search, status filter, cards with their actions, the metrics panel and the forms. */
export function CompaniesTab({ go, company }: Props) {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<NonNullable<CompanyFilter["status"]>>("all");
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { run, running } = useAction();
  // 'Generar factura' again after a lost answer does not bill twice.
  const invoiceKeys = useIdempotencyKeys();
  const invoice = useGenerateInvoice();
  const activate = useActivateCompany();
  const suspension = useSuspendCompany();
  const deletion = useDeleteCompany();

  // Search as the user types, once the typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const list = useConsoleData(superuserQueries.companies({ search: query, status }));
  const plans = useConsoleData(superuserQueries.plans());
  const regions = useConsoleData(superuserQueries.regions());
  const planList = plans.data ?? [];

  const onAction = (action: CompanyAction, target: Company) => {
    switch (action) {
      case "edit":
        setDialog({ kind: "edit", company: target });
        return;
      case "metrics":
        go("companies", { company: target.id });
        return;
      case "invoices":
        go("invoices", { company: target.id });
        return;
      case "change-plan":
        setDialog({ kind: "change-plan", company: target });
        return;
      case "suspend":
        setDialog({ kind: "suspend", company: target });
        return;
      case "delete":
        setDialog({ kind: "delete", company: target });
        return;
      case "generate-invoice":
        void run(
          `generate-invoice:${target.id}`,
          async () => {
            const invoiceFor = { company_id: target.id };
            const answer = await invoice.mutateAsync({ companyId: target.id, key: invoiceKeys.keyFor(invoiceFor) });
            invoiceKeys.renew(invoiceFor);
            return answer;
          },
          "Factura generada exitosamente",
        );
        return;
      case "activate":
        void run(`activate:${target.id}`, () => activate.mutateAsync(target.id), "Empresa activada exitosamente");
        return;
    }
  };

  const suspend = async (target: Company, reason: string) => {
    const done = await run(
      `suspend:${target.id}`,
      () => suspension.mutateAsync({ id: target.id, reason }),
      "Empresa suspendida exitosamente",
    );
    if (done) setDialog(null);
  };

  const remove = async (target: Company) => {
    const done = await run(
      `delete:${target.id}`,
      () => deletion.mutateAsync(target.id),
      "Empresa eliminada exitosamente",
    );
    if (done) {
      setDialog(null);
      if (company === target.id) go("companies", { replace: true });
    }
  };

  const runningOn = (target: Company): CompanyAction | null => {
    if (!running) return null;
    const [action, onId] = running.split(":");
    return Number(onId) === target.id ? (action as CompanyAction) : null;
  };

  return (
    <div className="space-y-5">
      <TabToolbar
        columns="sm:grid-cols-[minmax(0,1fr)_12rem]"
        action={
          <button type="button" onClick={() => setDialog({ kind: "create" })} className={accentButton}>
            Nueva Empresa
          </button>
        }
      >
        <TextField
          label="Buscar"
          type="search"
          placeholder="Nombre, subdominio o correo"
          value={search}
          onChange={setSearch}
        />
        <SelectField
          label="Estado"
          value={status}
          onChange={(v) => setStatus(v as NonNullable<CompanyFilter["status"]>)}
        >
          {COMPANY_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
      </TabToolbar>

      {company !== undefined && (
        <CompanyMetricsPanel companyId={company} plans={planList} onClose={() => go("companies", { replace: true })} />
      )}

      <ConsoleState live={list} loadingLabel="Cargando empresas...">
        {({ companies, total }) => (
          <>
            <ListCount shown={companies.length} total={total} one="empresa" many="empresas" />
            <CardGrid items={companies} empty="No hay empresas para mostrar" className={CARD_GRID}>
              {(c) => (
                <CompanyCard
                  key={c.id}
                  company={c}
                  plans={planList}
                  running={runningOn(c)}
                  disabled={running !== null}
                  onAction={onAction}
                />
              )}
            </CardGrid>
          </>
        )}
      </ConsoleState>

      {(dialog?.kind === "create" || dialog?.kind === "edit") && (
        <CompanyFormModal
          company={dialog.kind === "edit" ? dialog.company : null}
          plans={planList}
          regions={regions.data ?? null}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
          onChangePlan={(target) => setDialog({ kind: "change-plan", company: target })}
        />
      )}
      {dialog?.kind === "suspend" && (
        <SuspendDialog
          company={dialog.company}
          busy={running !== null}
          onConfirm={(reason) => void suspend(dialog.company, reason)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          closeLabel="Cerrar ventana"
          title="Eliminar Empresa"
          message={`${DELETE_QUESTION} (${dialog.company.name})`}
          confirmLabel="Eliminar"
          busy={running !== null}
          onConfirm={() => void remove(dialog.company)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "change-plan" && (
        <SubscriptionChangeModal company={dialog.company} plans={planList} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
