import { useEffect, useRef } from "react";
import { NIT_EXAMPLE } from "../../../../../shared/nit";
import type { Regions } from "../../../api/superadmin";
import type { Company, Plan } from "../../../api/superadmin-schemas";
import { formatCOP } from "../../../lib/format";
import { secondaryButton } from "../../../lib/ui/classes";
import { FieldList, type FieldSpec, FormActions, FormFailure, SelectField } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";
import { sendable, useConsoleForm } from "../consoleForm";
import { planName } from "../labels";
import { useCreateCompany, useUpdateCompany } from "../mutations";
import {
  applyPlan,
  type CompanyFormValues,
  CREATE_DEFAULTS,
  editValues,
  limitsLocked,
  planOptions,
  toCompanyChanges,
  toNewCompany,
} from "./companyForm";

type Props = {
  /** null: "Nueva Empresa"; a company: its edit form. */
  company: Company | null;
  plans: readonly Plan[];
  /** where a new company's data may live (create only) */
  regions?: Regions | null;
  onClose: () => void;
  onSaved: () => void;
  /** Edit form: leaves it for the company's subscription change (plan, limits, price). */
  onChangePlan?: (company: Company) => void;
};

/**
 * "Nueva Empresa" (the plan choice copies the plan's limits, locked while the plan has a template) and
 * the edit form, which changes only the company's own data: its plan, limits and price are shown and
 * change in Suscripciones, where the limits are checked and the change is kept in the history.
 */
export function CompanyFormModal({ company, plans, regions, onClose, onSaved, onChangePlan }: Props) {
  const form = useConsoleForm<CompanyFormValues>(() => (company ? editValues(company) : CREATE_DEFAULTS));
  const { values, setValues, set, idempotency } = form;
  const create = useCreateCompany();
  const update = useUpdateCompany();

  // Plans may arrive after the form opened: the locked create fields must show the default plan's limits.
  const touchedPlan = useRef(false);
  useEffect(() => {
    if (!company && !touchedPlan.current) setValues((current) => applyPlan(current, current.subscription_plan, plans));
  }, [company, plans, setValues]);

  const locked = limitsLocked(values.subscription_plan, plans);

  /** Checks the form, then creates or updates; the success text is the spec's. */
  const submit = form.submit(async () => {
    if (company) {
      await update.mutateAsync({ id: company.id, changes: sendable(toCompanyChanges(values)) });
      return "Empresa actualizada exitosamente";
    }
    const created = sendable(toNewCompany(values));
    await create.mutateAsync({ company: created, key: idempotency.keyFor(created) });
    idempotency.renew(created);
    return "Empresa creada exitosamente";
  }, onSaved);

  return (
    <Modal
      closeLabel="Cerrar ventana"
      title={company ? `Editar Empresa · ${company.name}` : "Nueva Empresa"}
      onClose={onClose}
      wide
    >
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4"
        aria-label={company ? "Editar empresa" : "Nueva empresa"}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldList fields={companyFields(company !== null)} values={values} set={set} />
        </div>

        {company ? (
          <SubscriptionSummary company={company} plans={plans} onChangePlan={onChangePlan} />
        ) : (
          <fieldset className="rounded-lg border border-stone-200 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold text-stone-800">Suscripción</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Plan"
                value={values.subscription_plan}
                onChange={(v) => {
                  touchedPlan.current = true;
                  setValues((current) => applyPlan(current, v, plans));
                }}
                options={planOptions(plans, values.subscription_plan).map((option) => ({
                  value: option.code,
                  label: option.label,
                }))}
              />
              <SelectField
                label="Estado inicial"
                value={values.subscription_status}
                onChange={(v) => set("subscription_status", v === "trial" ? "trial" : "active")}
              >
                <option value="active">Activa</option>
                <option value="trial">En prueba</option>
              </SelectField>
              <FieldList fields={limitFields(locked)} values={values} set={set} />
              {regions && regions.regions.length > 1 && (
                <SelectField
                  label="Región de los datos"
                  className="sm:col-span-2"
                  hint="Dónde se guardan sus ventas, inventario y clientes: elige la más cercana a sus tiendas."
                  value={values.region || (regions.default_region ?? "")}
                  onChange={(v) => set("region", v)}
                  options={regions.regions.map((r) => ({ value: r.code, label: r.name }))}
                />
              )}
            </div>
          </fieldset>
        )}

        <FormFailure message={form.error} />
        <FormActions
          onCancel={onClose}
          busy={form.saving}
          submitLabel={company ? "Guardar Cambios" : "Crear Empresa"}
        />
      </form>
    </Modal>
  );
}

/** The edit form's subscription, read only, and the way to change it. */
function SubscriptionSummary({
  company,
  plans,
  onChangePlan,
}: {
  company: Company;
  plans: readonly Plan[];
  onChangePlan: ((company: Company) => void) | undefined;
}) {
  const facts = [
    ["Plan", planName(company.subscription_plan, plans)],
    ["Máx. ubicaciones", String(company.max_locations)],
    ["Máx. empleados", String(company.max_employees)],
    ["Precio por ubicación", `${formatCOP(company.price_per_location)} / mes`],
  ] as const;
  return (
    <section aria-label="Suscripción" className="rounded-lg border border-stone-200 bg-stone-50 p-3 sm:p-4">
      <h3 className="text-sm font-semibold text-stone-800">Suscripción</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-stone-500">{label}</dt>
            <dd className="truncate font-medium text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-stone-600">
        El plan, los límites y el precio se cambian en Suscripciones: allí se revisan los límites y el cambio queda en
        el historial.
      </p>
      {onChangePlan && (
        <button type="button" onClick={() => onChangePlan(company)} className={`${secondaryButton} mt-3`}>
          Cambiar plan en Suscripciones
        </button>
      )}
    </section>
  );
}

type TextKey = "name" | "subdomain" | "email" | "phone" | "legal_name" | "tax_id";

/** The company's own data; the subdomain is fixed once created. */
const companyFields = (editing: boolean): FieldSpec<TextKey>[] => [
  { key: "name", label: "Nombre *", required: true, maxLength: 150 },
  {
    key: "subdomain",
    label: "Subdominio *",
    hint: editing ? "El subdominio no se puede cambiar." : "Letras minúsculas, números y guiones.",
    parse: (v) => v.toLowerCase(),
    readOnly: editing,
    required: true,
    maxLength: 63,
    autoCapitalize: "none",
    spellCheck: false,
  },
  { key: "email", label: "Correo *", type: "email", required: true, autoCapitalize: "none" },
  { key: "phone", label: "Teléfono", type: "tel" },
  { key: "legal_name", label: "Razón social" },
  { key: "tax_id", label: "NIT / RUT", hint: `Con el dígito de verificación: ${NIT_EXAMPLE}`, inputMode: "numeric" },
];

const count = { type: "number", min: 0, step: 1, inputMode: "numeric" } as const;

/** The new company's limits: read-only while a fixed plan decides them. */
const limitFields = (locked: boolean): FieldSpec<"max_locations" | "max_employees" | "price_per_location">[] => [
  { key: "max_locations", label: "Máx. ubicaciones", ...count, readOnly: locked },
  { key: "max_employees", label: "Máx. empleados", ...count, readOnly: locked },
  {
    key: "price_per_location",
    label: "Precio por ubicación (COP / mes)",
    className: "sm:col-span-2",
    hint: locked ? "Valores del plan elegido; para otros límites elige el plan Personalizado." : undefined,
    ...count,
    readOnly: locked,
  },
];
