import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createCompany, updateCompany } from "../../../api/superadmin";
import type { Company, Plan } from "../../../api/superadmin-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { FormActions, SelectField, TextField } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";
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
          <TextField
            label="Nombre *"
            id={field("name")}
            value={values.name}
            onChange={(v) => set("name", v)}
            required
            maxLength={150}
          />
          <TextField
            label="Subdominio *"
            id={field("subdomain")}
            hint={company ? "El subdominio no se puede cambiar." : "Letras minúsculas, números y guiones."}
            value={values.subdomain}
            onChange={(v) => set("subdomain", v.toLowerCase())}
            readOnly={company !== null}
            required
            maxLength={63}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            label="Correo *"
            id={field("email")}
            type="email"
            value={values.email}
            onChange={(v) => set("email", v)}
            required
            autoCapitalize="none"
          />
          <TextField
            label="Teléfono"
            id={field("phone")}
            type="tel"
            value={values.phone}
            onChange={(v) => set("phone", v)}
          />
          <TextField
            label="Razón social"
            id={field("legal_name")}
            value={values.legal_name}
            onChange={(v) => set("legal_name", v)}
          />
          <TextField label="NIT / RUT" id={field("tax_id")} value={values.tax_id} onChange={(v) => set("tax_id", v)} />
        </div>

        <fieldset className="rounded-lg border border-stone-200 p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold text-stone-800">Suscripción</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Plan"
              id={field("subscription_plan")}
              value={values.subscription_plan}
              onChange={(v) => {
                touchedPlan.current = true;
                setValues((current) => applyPlan(current, v, plans));
              }}
            >
              {planOptions(plans, values.subscription_plan).map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            {company ? (
              <TextField
                label="Próxima facturación"
                id={field("next_billing_date")}
                type="date"
                value={values.next_billing_date}
                onChange={(v) => set("next_billing_date", v)}
              />
            ) : (
              <SelectField
                label="Estado inicial"
                id={field("subscription_status")}
                value={values.subscription_status}
                onChange={(v) => set("subscription_status", v === "trial" ? "trial" : "active")}
              >
                <option value="active">Activa</option>
                <option value="trial">En prueba</option>
              </SelectField>
            )}
            <TextField
              label="Máx. ubicaciones"
              id={field("max_locations")}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.max_locations}
              onChange={(v) => set("max_locations", v)}
              readOnly={locked}
            />
            <TextField
              label="Máx. empleados"
              id={field("max_employees")}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.max_employees}
              onChange={(v) => set("max_employees", v)}
              readOnly={locked}
            />
            <TextField
              label="Precio por ubicación (COP / mes)"
              id={field("price_per_location")}
              className="sm:col-span-2"
              hint={locked ? "Valores del plan elegido; para otros límites elige el plan Personalizado." : undefined}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.price_per_location}
              onChange={(v) => set("price_per_location", v)}
              readOnly={locked}
            />
          </div>
        </fieldset>

        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <FormActions
          onCancel={onClose}
          busy={saving}
          submitLabel={company ? "Guardar Cambios" : "Crear Empresa"}
          busyLabel="Guardando..."
        />
      </form>
    </Modal>
  );
}

/** A mistake in the form itself, shown next to the buttons without a notice. */
class FormError extends Error {}
