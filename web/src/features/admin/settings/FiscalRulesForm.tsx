import { useState } from "react";
import { TAX_CLASS_LABELS, TAX_CLASSES, type TaxClass } from "../../../../../shared/constants";
import type { ReceiptSettings } from "../../../api/settings";
import { mutedText } from "../../../lib/ui/classes";
import { CheckboxField, PageForm, SelectField, useForm } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { useSaveReceiptSettings } from "../mutations";

type Values = { require_fiscal_numbering: boolean; default_tax_class: TaxClass };

/** Configuración: whether a store may sell without a DIAN numbering resolution in force (docs/fiscal.md). */
export function FiscalRulesForm({ settings }: { settings: ReceiptSettings }) {
  const [saved, setSaved] = useState(false);
  const save = useSaveReceiptSettings();
  const form = useForm<Values>({
    initial: {
      require_fiscal_numbering: settings.require_fiscal_numbering,
      default_tax_class: settings.default_tax_class,
    },
    validate: () => ({}),
    failurePrefix: "No se pudo guardar la regla",
    submit: async (v) => {
      setSaved(false);
      await save.mutateAsync({
        require_fiscal_numbering: v.require_fiscal_numbering,
        default_tax_class: v.default_tax_class,
      });
      form.setBusy(false);
      setSaved(true);
    },
  });
  const { values, set } = form;
  return (
    <PageForm
      form={form}
      submitLabel="Guardar numeración e IVA"
      label="Numeración DIAN e IVA"
      className="max-w-xl space-y-3"
    >
      <h3 className="text-base font-semibold text-stone-900">Numeración DIAN e IVA</h3>
      <div>
        <CheckboxField
          label="Exigir numeración DIAN para vender"
          checked={values.require_fiscal_numbering}
          onChange={(checked) => {
            setSaved(false);
            set("require_fiscal_numbering", checked);
          }}
        />
        <p className={`mt-1 pl-6 text-sm ${mutedText}`}>
          Sin ella, un local sin resolución vigente emite documentos no fiscales
        </p>
      </div>
      <SelectField
        label="IVA de los productos nuevos"
        value={values.default_tax_class}
        onChange={(value) => {
          setSaved(false);
          set("default_tax_class", value as TaxClass);
        }}
        options={TAX_CLASSES.map((c) => ({ value: c, label: TAX_CLASS_LABELS[c] }))}
        hint="Los precios incluyen el IVA; cada producto puede tener el suyo en el catálogo"
      />
      {saved && <Notice tone="success">Regla de numeración guardada</Notice>}
    </PageForm>
  );
}
