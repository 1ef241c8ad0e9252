import { type Company, PLAN_CODES, type Plan } from "../../../api/superadmin-schemas";
import { formatDate } from "../../../lib/format";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { FieldList, type FieldSpec, FormFailure, SelectField } from "../../../lib/ui/form";
import { sendable, useConsoleForm } from "../consoleForm";
import { companyLabel, planName } from "../labels";
import { useChangeSubscription } from "../mutations";
import { applyPlanTemplate, isScheduled, type SubscriptionFormValues, toSubscriptionChange } from "./subscriptionForm";

type Props = {
  initial: SubscriptionFormValues;
  /** Companies to choose from; a single fixed company hides the choice. */
  companies: readonly Company[];
  fixedCompany?: Company;
  plans: readonly Plan[];
  onChanged?: (companyId: number) => void;
  onCancel?: () => void;
};

/** The 'Cambiar Plan' form (spec 2 §2 Subscriptions). */
export function SubscriptionChangeForm({ initial, companies, fixedCompany, plans, onChanged, onCancel }: Props) {
  const form = useConsoleForm<SubscriptionFormValues>(initial);
  const { values, setValues, set, idempotency } = form;
  const changePlan = useChangeSubscription();

  // The form stays open after a change, ready for the next one.
  const submit = form.submit(
    async () => {
      const change = sendable(toSubscriptionChange(values));
      const answer = await changePlan.mutateAsync({ change, key: idempotency.keyFor(change) });
      idempotency.renew(change);
      return answer.scheduled
        ? (answer.message ?? `Cambio de plan programado para el ${formatDate(change.effective_date)}`)
        : "Plan de suscripción cambiado exitosamente";
    },
    () => {
      form.setSaving(false);
      setValues((current) => ({ ...current, reason: "" }));
      onChanged?.(Number(values.company_id));
    },
  );

  const scheduled = isScheduled(values);
  return (
    <form onSubmit={submit} noValidate aria-label="Cambiar Plan" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {!fixedCompany && (
          <SelectField
            label="Empresa"
            className="sm:col-span-2"
            value={values.company_id}
            onChange={(v) => set("company_id", v)}
          >
            <option value="">Selecciona una empresa</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {companyLabel(c)} · ID {c.id}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Nuevo plan"
          value={values.new_plan}
          onChange={(v) => {
            const plan = PLAN_CODES.find((code) => code === v);
            // the plan's template fills the limits and price (COP); they stay editable
            if (plan) setValues((current) => applyPlanTemplate(current, plan, plans));
          }}
        >
          {PLAN_CODES.map((code) => (
            <option key={code} value={code}>
              {planName(code, plans)} ({code})
            </option>
          ))}
        </SelectField>
        <FieldList fields={CHANGE_FIELDS} values={values} set={set} />
      </div>
      {scheduled && (
        <p
          data-testid="scheduled-note"
          className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          Se programará para el {formatDate(values.effective_date)}: hasta esa fecha la empresa conserva su plan y el
          periodo actual se factura con el precio anterior.
        </p>
      )}
      <FormFailure message={form.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            Cerrar
          </button>
        )}
        <button type="submit" disabled={form.saving} className={accentButton}>
          {form.saving ? "Guardando..." : scheduled ? "Programar cambio" : "Cambiar Plan"}
        </button>
      </div>
    </form>
  );
}

type TextKey = "effective_date" | "new_max_locations" | "new_max_employees" | "new_price_per_location" | "reason";

/** The date, the new limits and price (filled from the plan's template, still editable) and the reason. */
const CHANGE_FIELDS: FieldSpec<TextKey>[] = [
  { key: "effective_date", label: "Fecha efectiva", type: "date" },
  {
    key: "new_max_locations",
    label: "Máx. ubicaciones",
    type: "number",
    min: 1,
    inputMode: "numeric",
  },
  {
    key: "new_max_employees",
    label: "Máx. empleados",
    type: "number",
    min: 1,
    inputMode: "numeric",
  },
  {
    key: "new_price_per_location",
    label: "Precio por ubicación (COP / mes)",
    type: "number",
    min: 0,
    inputMode: "numeric",
  },
  { key: "reason", label: "Motivo", maxLength: 500, placeholder: "Opcional" },
];
