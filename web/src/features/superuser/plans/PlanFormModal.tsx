import { useState } from "react";
import type { Plan } from "../../../api/superadmin-schemas";
import { formatCOP } from "../../../lib/format";
import {
  CheckboxField,
  FieldList,
  type FieldSpec,
  FormActions,
  FormFailure,
  SelectField,
  TextAreaField,
  TextField,
} from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";
import { sendable, useConsoleForm } from "../consoleForm";
import { featureLabel } from "../labels";
import { useCreatePlan } from "../mutations";
import { type PlanFormValues, planDefaults, startFrom, toNewPlan } from "./planForm";

/** The plan's code (lower case as typed) and its name. */
const NAME_FIELDS: FieldSpec<"plan_code" | "display_name">[] = [
  {
    key: "plan_code",
    label: "Código *",
    hint: "Letras minúsculas, números, - y _",
    parse: (v) => v.toLowerCase(),
    maxLength: 40,
    autoCapitalize: "none",
    spellCheck: false,
  },
  { key: "display_name", label: "Nombre *", maxLength: 80 },
];

type Props = {
  featureKeys: readonly string[];
  /** The templates a new plan can start from; the first one is the default. */
  plans: readonly Plan[];
  onClose: () => void;
  onSaved: () => void;
};

/** 'Nuevo Plan': starts from an existing plan's limits, price (COP) and features. */
export function PlanFormModal({ featureKeys, plans, onClose, onSaved }: Props) {
  const [baseCode, setBaseCode] = useState(plans[0]?.plan_code ?? "");
  const form = useConsoleForm<PlanFormValues>(() => planDefaults(featureKeys, plans[0]));
  const { values, setValues, set, idempotency } = form;
  const create = useCreatePlan();

  const submit = form.submit(async () => {
    const plan = sendable(toNewPlan(values));
    await create.mutateAsync({ plan, key: idempotency.keyFor(plan) });
    idempotency.renew(plan);
    return "Plan creado exitosamente";
  }, onSaved);

  const number = (key: "max_locations" | "max_employees" | "price_per_location" | "sort_order", label: string) => (
    <TextField
      label={label}
      type="number"
      min={key === "sort_order" ? undefined : 0}
      inputMode="numeric"
      value={values[key]}
      onChange={(v) => set(key, v)}
    />
  );

  return (
    <Modal closeLabel="Cerrar ventana" title="Nuevo Plan" onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Nuevo plan">
        <div className="grid gap-4 sm:grid-cols-2">
          {plans.length > 0 && (
            <SelectField
              label="Partir del plan"
              hint="Copia sus límites, precio y características"
              className="sm:col-span-2"
              value={baseCode}
              onChange={(v) => {
                const base = plans.find((p) => p.plan_code === v);
                setBaseCode(v);
                if (base) setValues((current) => startFrom(current, base));
              }}
            >
              {plans.map((p) => (
                <option key={p.plan_code} value={p.plan_code}>
                  {p.display_name} · {formatCOP(p.price_per_location)} por ubicación
                </option>
              ))}
            </SelectField>
          )}
          <FieldList fields={NAME_FIELDS} values={values} set={set} />
          <TextAreaField
            label="Descripción"
            className="sm:col-span-2"
            rows={2}
            maxLength={500}
            value={values.description}
            onChange={(v) => set("description", v)}
          />
          {number("max_locations", "Máx. ubicaciones")}
          {number("max_employees", "Máx. empleados")}
          {number("price_per_location", "Precio por ubicación (COP / mes)")}
          {number("sort_order", "Orden")}
        </div>
        <fieldset className="rounded-lg border border-stone-200 p-3">
          <legend className="px-1 text-sm font-semibold text-stone-800">Características</legend>
          {featureKeys.length > 0 && (
            <div className="grid gap-2 sm:grid-cols-2">
              {featureKeys.map((key) => (
                <CheckboxField
                  key={key}
                  className="flex items-center gap-2 text-sm text-stone-800"
                  label={featureLabel(key)}
                  checked={values.features[key] === true}
                  onChange={(checked) => set("features", { ...values.features, [key]: checked })}
                />
              ))}
            </div>
          )}
          <TextField
            label="Otras características"
            hint="Separadas por comas"
            className="mt-3"
            value={values.extra_features}
            onChange={(v) => set("extra_features", v)}
            placeholder="Ej.: soporte telefónico, api"
          />
        </fieldset>
        <FormFailure message={form.error} />
        <FormActions onCancel={onClose} busy={form.saving} submitLabel="Crear Plan" />
      </form>
    </Modal>
  );
}
