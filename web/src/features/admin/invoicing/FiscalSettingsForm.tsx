import { useState } from "react";
import type { FiscalSettings } from "../../../api/fiscal";
import { formatDateTime } from "../../../lib/format";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { FieldList, type FieldSpec, PageForm, SelectField, useForm } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { useSaveFiscalSettings } from "../mutations";
import { type SettingsValues, settingsValues, TEST_SCENARIOS, toSettingsBody, validateSettings } from "./settingsForm";

const ENVIRONMENTS = [
  { value: "2" as const, label: "Habilitación", hint: "Pruebas ante la DIAN" },
  { value: "1" as const, label: "Producción", hint: "Documentos válidos" },
];
const PROVIDERS = [
  { value: "prueba" as const, label: "Proveedor de prueba", hint: "Solo desarrollo" },
  { value: "http" as const, label: "Proveedor HTTP", hint: "El de la empresa" },
];

/** A code kept whole: a phone's line does not break it at its hyphens. */
const Code = ({ children }: { children: string }) => <span className="whitespace-nowrap">{children}</span>;

type TextKey = { [K in keyof SettingsValues]: SettingsValues[K] extends string ? K : never }[keyof SettingsValues];

const SOFTWARE: FieldSpec<TextKey>[] = [
  {
    key: "software_id",
    label: "Identificador del software (DIAN)",
    hint: "El que la DIAN asignó al registrar el software",
    autoComplete: "off",
  },
  {
    key: "software_pin",
    label: "PIN del software",
    hint: "Se pide en cada cambio; nunca se muestra",
    type: "password",
    inputMode: "numeric",
    // not the administrador's own password: the browser must not offer it here
    autoComplete: "new-password",
  },
  { key: "software_maker", label: "Fabricante del software" },
];

/** The RUT's responsibilities and the DANE address, two by two on a wider screen (code beside its name). */
const ISSUER: FieldSpec<TextKey>[] = [
  {
    key: "responsibilities",
    label: "Responsabilidades fiscales (RUT)",
    hint: (
      <>
        Separadas por punto y coma, p. ej. <Code>O-13;O-15</Code>; <Code>R-99-PN</Code> si no tiene ninguna
      </>
    ),
    className: "sm:col-span-2",
  },
  { key: "address", label: "Dirección", autoComplete: "street-address", className: "sm:col-span-2" },
  { key: "city_code", label: "Código DANE del municipio", hint: "5 dígitos (Bogotá: 11001)", inputMode: "numeric" },
  { key: "city_name", label: "Municipio", autoComplete: "address-level2" },
  {
    key: "department_code",
    label: "Código DANE del departamento",
    hint: "2 dígitos (Bogotá: 11)",
    inputMode: "numeric",
  },
  { key: "department_name", label: "Departamento", autoComplete: "address-level1" },
];

const HTTP: FieldSpec<TextKey>[] = [
  { key: "provider_url", label: "URL del proveedor", type: "url", inputMode: "url", placeholder: "https://" },
  {
    key: "provider_secret",
    label: "Nombre del secreto con el token",
    hint: "El nombre, no el token: wrangler secret put PROVEEDOR_FE_TOKEN",
    parse: (value) => value.toUpperCase(),
    autoCapitalize: "characters",
  },
];

const SELECTS = [
  {
    key: "person_type",
    label: "Tipo de persona",
    options: [
      { value: "juridica", label: "Persona jurídica" },
      { value: "natural", label: "Persona natural" },
    ],
  },
  {
    key: "tax_regime",
    label: "Régimen",
    options: [
      { value: "48", label: "48 · Responsable de IVA" },
      { value: "49", label: "49 · No responsable de IVA" },
    ],
  },
] as const;

function Legend({ children }: { children: string }) {
  return <h4 className="pt-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">{children}</h4>;
}

/**
 * 'Configuración de facturación electrónica': the software DIAN registered (id and PIN, asked on every
 * save and never shown), the environment, the issuer's regime and DANE address, and the technology provider.
 */
export function FiscalSettingsForm({ saved }: { saved: FiscalSettings }) {
  const [done, setDone] = useState(false);
  const save = useSaveFiscalSettings();
  const form = useForm<SettingsValues>({
    initial: () => settingsValues(saved),
    validate: validateSettings,
    failurePrefix: "No se pudo guardar la configuración",
    submit: async (values) => {
      setDone(false);
      await save.mutateAsync(toSettingsBody(values));
      form.setBusy(false);
      form.set("software_pin", "");
      setDone(true);
    },
  });
  const { values, set, bind, errors } = form;
  const edit = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => {
    setDone(false);
    set(key, value);
  };
  return (
    <PageForm
      form={form}
      submitLabel="Guardar configuración"
      label="Configuración de facturación electrónica"
      className="space-y-3"
    >
      {saved && <p className="text-sm text-stone-600">Última actualización: {formatDateTime(saved.updated_at)}</p>}
      <Legend>Software DIAN</Legend>
      <ChoiceChips
        legend="Ambiente"
        value={values.environment}
        choices={ENVIRONMENTS}
        onChange={(value) => edit("environment", value)}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FieldList fields={SOFTWARE} values={values} set={edit} errors={errors} />
      </div>
      <Legend>Emisor</Legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {SELECTS.map((select) => (
          <SelectField key={select.key} label={select.label} options={select.options} {...bind(select.key)} />
        ))}
        <FieldList fields={ISSUER} values={values} set={edit} errors={errors} />
      </div>
      <Legend>Proveedor tecnológico</Legend>
      <ChoiceChips
        legend="Proveedor tecnológico"
        hideLegend
        value={values.provider}
        choices={PROVIDERS}
        columns="stack"
        onChange={(value) => edit("provider", value)}
        error={errors.provider}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {values.provider === "http" ? (
          <FieldList fields={HTTP} values={values} set={edit} errors={errors} />
        ) : (
          <SelectField
            label="Escenario de prueba"
            {...bind("scenario")}
            options={TEST_SCENARIOS}
            className="sm:col-span-2"
            hint="Cómo responde el proveedor de prueba; no envía nada a la DIAN"
          />
        )}
      </div>
      {done && <Notice tone="success">Configuración de facturación electrónica guardada</Notice>}
    </PageForm>
  );
}
