import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createCompany, updateCompany } from "../../../api/superadmin";
import type { Company, Plan } from "../../../api/superadmin-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { accentButton, inputClass, secondaryButton } from "../../../lib/ui/classes";
import { Modal } from "../../../lib/ui/Modal";
import { Field } from "../Field";
import { errorText, useFeedback } from "../feedback";
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
  onClose: () => void;
  onSaved: () => void;
};

/** "Nueva Empresa" and the edit form: plan choice copies the plan's limits (locked on create). */
export function CompanyFormModal({ company, plans, onClose, onSaved }: Props) {
  const mode = company ? "edit" : "create";
  const id = useId();
  const feedback = useFeedback();
  const [values, setValues] = useState<CompanyFormValues>(() => (company ? editValues(company) : CREATE_DEFAULTS));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const idempotency = useIdempotencyKeys();

  // Plans may arrive after the form opened: the locked create fields must show the default plan's limits.
  const touchedPlan = useRef(false);
  useEffect(() => {
    if (mode === "create" && !touchedPlan.current)
      setValues((current) => applyPlan(current, current.subscription_plan, plans));
  }, [mode, plans]);

  const set = <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const locked = limitsLocked(mode, values.subscription_plan, plans);

  /** Checks the form, then creates or updates; the success text is the spec's. */
  const save = async (): Promise<string> => {
    if (company) {
      const checked = toCompanyChanges(values);
      if (!checked.ok) throw new FormError(checked.message);
      await updateCompany(company.id, checked.value);
      return "Empresa actualizada exitosamente";
    }
    const checked = toNewCompany(values);
    if (!checked.ok) throw new FormError(checked.message);
    await createCompany(checked.value, idempotency.keyFor(checked.value));
    idempotency.renew(checked.value);
    return "Empresa creada exitosamente";
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      feedback.success(await save());
      onSaved();
    } catch (failure) {
      // A form mistake shows as it is; a refused call as "Error: {message}"; the form stays open.
      setError(failure instanceof FormError ? failure.message : errorText(failure));
      setSaving(false);
    }
  };

  const field = (key: keyof CompanyFormValues) => `${id}-${key}`;
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
          <Field label="Nombre *" htmlFor={field("name")}>
            <input
              id={field("name")}
              className={inputClass}
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
              required
              maxLength={150}
            />
          </Field>
          <Field
            label="Subdominio *"
            htmlFor={field("subdomain")}
            hint={company ? "El subdominio no se puede cambiar." : "Letras minúsculas, números y guiones."}
          >
            <input
              id={field("subdomain")}
              className={inputClass}
              value={values.subdomain}
              onChange={(e) => set("subdomain", e.target.value.toLowerCase())}
              readOnly={company !== null}
              required
              maxLength={63}
              autoCapitalize="none"
              spellCheck={false}
            />
          </Field>
          <Field label="Correo *" htmlFor={field("email")}>
            <input
              id={field("email")}
              type="email"
              className={inputClass}
              value={values.email}
              onChange={(e) => set("email", e.target.value)}
              required
              autoCapitalize="none"
            />
          </Field>
          <Field label="Teléfono" htmlFor={field("phone")}>
            <input
              id={field("phone")}
              type="tel"
              className={inputClass}
              value={values.phone}
              onChange={(e) => set("phone", e.target.value)}
            />
          </Field>
          <Field label="Razón social" htmlFor={field("legal_name")}>
            <input
              id={field("legal_name")}
              className={inputClass}
              value={values.legal_name}
              onChange={(e) => set("legal_name", e.target.value)}
            />
          </Field>
          <Field label="NIT / RUT" htmlFor={field("tax_id")}>
            <input
              id={field("tax_id")}
              className={inputClass}
              value={values.tax_id}
              onChange={(e) => set("tax_id", e.target.value)}
            />
          </Field>
        </div>

        <fieldset className="rounded-lg border border-stone-200 p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold text-stone-800">Suscripción</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Plan" htmlFor={field("subscription_plan")}>
              <select
                id={field("subscription_plan")}
                className={inputClass}
                value={values.subscription_plan}
                onChange={(e) => {
                  touchedPlan.current = true;
                  setValues((current) => applyPlan(current, e.target.value, plans));
                }}
              >
                {planOptions(plans, values.subscription_plan).map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
            {company ? (
              <Field label="Próxima facturación" htmlFor={field("next_billing_date")}>
                <input
                  id={field("next_billing_date")}
                  type="date"
                  className={inputClass}
                  value={values.next_billing_date}
                  onChange={(e) => set("next_billing_date", e.target.value)}
                />
              </Field>
            ) : (
              <Field label="Estado inicial" htmlFor={field("subscription_status")}>
                <select
                  id={field("subscription_status")}
                  className={inputClass}
                  value={values.subscription_status}
                  onChange={(e) => set("subscription_status", e.target.value === "trial" ? "trial" : "active")}
                >
                  <option value="active">Activa</option>
                  <option value="trial">En prueba</option>
                </select>
              </Field>
            )}
            <Field label="Máx. ubicaciones" htmlFor={field("max_locations")}>
              <input
                id={field("max_locations")}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className={inputClass}
                value={values.max_locations}
                onChange={(e) => set("max_locations", e.target.value)}
                readOnly={locked}
              />
            </Field>
            <Field label="Máx. empleados" htmlFor={field("max_employees")}>
              <input
                id={field("max_employees")}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className={inputClass}
                value={values.max_employees}
                onChange={(e) => set("max_employees", e.target.value)}
                readOnly={locked}
              />
            </Field>
            <Field
              label="Precio por ubicación (COP / mes)"
              htmlFor={field("price_per_location")}
              className="sm:col-span-2"
              hint={locked ? "Valores del plan elegido; para otros límites elige el plan Personalizado." : undefined}
            >
              <input
                id={field("price_per_location")}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className={inputClass}
                value={values.price_per_location}
                onChange={(e) => set("price_per_location", e.target.value)}
                readOnly={locked}
              />
            </Field>
          </div>
        </fieldset>

        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancelar
          </button>
          <button type="submit" disabled={saving} className={accentButton}>
            {saving ? "Guardando..." : company ? "Guardar Cambios" : "Crear Empresa"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A mistake in the form itself, shown next to the buttons without a notice. */
class FormError extends Error {}
