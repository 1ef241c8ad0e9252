import { useState } from "react";
import { NIT_EXAMPLE, nitProblem } from "../../../../../shared/nit";
import type { ReceiptSettings } from "../../../api/settings";
import { type FieldErrors, PageForm, TextAreaField, TextField, useForm } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { useSaveReceiptSettings } from "../mutations";

type Values = { legal_name: string; tax_id: string; phone: string; return_policy: string };

function validate(v: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  const nit = v.tax_id.trim() ? nitProblem(v.tax_id) : null;
  if (nit) errors.tax_id = nit;
  if (v.return_policy.length > 1000) errors.return_policy = "Máximo 1.000 caracteres";
  return errors;
}

const valuesOf = (s: ReceiptSettings): Values => ({
  legal_name: s.legal_name ?? "",
  tax_id: s.tax_id ?? "",
  phone: s.phone ?? "",
  return_policy: s.return_policy ?? "",
});

/** Configuración: what the company's receipts say about it. */
export function ReceiptSettingsForm({ settings }: { settings: ReceiptSettings }) {
  const [saved, setSaved] = useState(false);
  const save = useSaveReceiptSettings();
  const form = useForm<Values>({
    initial: valuesOf(settings),
    validate,
    failurePrefix: "No se pudieron guardar los datos",
    submit: async (v) => {
      setSaved(false);
      await save.mutateAsync({
        legal_name: v.legal_name.trim() || null,
        tax_id: v.tax_id.trim() || null,
        phone: v.phone.trim() || null,
        return_policy: v.return_policy.trim() || null,
      });
      form.setBusy(false);
      setSaved(true);
    },
  });
  const { bind } = form;
  return (
    <PageForm form={form} submitLabel="Guardar" label="Datos del recibo" className="max-w-xl space-y-3">
      <p className="text-sm text-stone-600">
        Se imprimen en cada recibo de {settings.name}: arriba la razón social y el NIT; abajo la política de cambios y
        devoluciones.
      </p>
      <TextField label="Razón social" {...bind("legal_name")} autoComplete="organization" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="NIT"
          {...bind("tax_id")}
          placeholder="900.123.456-8"
          hint={`Con el dígito de verificación: ${NIT_EXAMPLE}`}
          inputMode="numeric"
        />
        <TextField label="Teléfono" {...bind("phone")} type="tel" autoComplete="tel" />
      </div>
      <TextAreaField label="Política de cambios y devoluciones" {...bind("return_policy")} rows={4} />
      {saved && <Notice tone="success">Datos del recibo guardados</Notice>}
    </PageForm>
  );
}
