import { useState } from "react";
import type { ReceiptSettings } from "../../../api/settings";
import { formatCOP } from "../../../lib/format";
import { CheckboxField, type FieldErrors, NumberField, PageForm, useForm } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { useSaveReceiptSettings } from "../mutations";

type Values = { require_open_till: boolean; till_alert_threshold: string; return_window_days: string };

function validate(v: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  const threshold = Number(v.till_alert_threshold);
  if (v.till_alert_threshold.trim() === "" || !Number.isFinite(threshold) || threshold < 0) {
    errors.till_alert_threshold = "Escribe un monto de 0 en adelante";
  }
  const days = Number(v.return_window_days);
  if (!Number.isInteger(days) || days < 0 || days > 365) errors.return_window_days = "Entre 0 y 365 días";
  return errors;
}

/** Configuración: the till and return rules of the company. */
export function TillRulesForm({ settings }: { settings: ReceiptSettings }) {
  const [saved, setSaved] = useState(false);
  const save = useSaveReceiptSettings();
  const form = useForm<Values>({
    initial: {
      require_open_till: settings.require_open_till,
      till_alert_threshold: String(settings.till_alert_threshold),
      return_window_days: String(settings.return_window_days),
    },
    validate,
    failurePrefix: "No se pudieron guardar las reglas",
    submit: async (v) => {
      setSaved(false);
      await save.mutateAsync({
        require_open_till: v.require_open_till,
        till_alert_threshold: Number(v.till_alert_threshold),
        return_window_days: Number(v.return_window_days),
      });
      form.setBusy(false);
      setSaved(true);
    },
  });
  const { bind, values, set } = form;
  return (
    <PageForm form={form} submitLabel="Guardar reglas" label="Caja y devoluciones" className="max-w-xl space-y-3">
      <h3 className="text-base font-semibold text-stone-900">Caja y devoluciones</h3>
      <CheckboxField
        label="Para vender o recibir devoluciones, el local debe tener la caja abierta"
        checked={values.require_open_till}
        onChange={(checked) => set("require_open_till", checked)}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <NumberField
          label="Alertar diferencias de caja mayores a (COP)"
          {...bind("till_alert_threshold")}
          hint={`Hoy: ${formatCOP(Number(values.till_alert_threshold) || 0)}`}
        />
        <NumberField
          label="Plazo de devolución sin PIN (días)"
          {...bind("return_window_days")}
          hint="Después, la devolución necesita el PIN de un administrador"
        />
      </div>
      {saved && <Notice tone="success">Reglas de caja y devoluciones guardadas</Notice>}
    </PageForm>
  );
}
