import type { FiscalSettings, FiscalSettingsChanges } from "../../../api/fiscal";
import type { FieldErrors } from "../../../lib/ui/form";

type Saved = NonNullable<FiscalSettings>;

/** The local test provider's answers (worker/durable/fiscal-provider.ts), kept in provider_url. */
const SCENARIO_LABEL = {
  accept: "Acepta cada documento",
  reject: "Rechaza cada documento",
  timeout_after_accept: "Acepta pero responde tarde (se reintenta)",
  answer_twice: "Responde dos veces el mismo envío",
  received_then_accepted: "Lo recibe y lo acepta después",
  unavailable: "No disponible (se reintenta)",
};
type Scenario = keyof typeof SCENARIO_LABEL;
export const TEST_SCENARIOS = Object.entries(SCENARIO_LABEL).map(([value, label]) => ({ value, label }));

/** The form as typed: every field a string; the HTTP provider's URL and the test scenario are kept apart. */
export type SettingsValues = {
  environment: Saved["environment"];
  software_id: string;
  software_pin: string;
  software_maker: string;
  person_type: string;
  tax_regime: string;
  responsibilities: string;
  address: string;
  city_code: string;
  city_name: string;
  department_code: string;
  department_name: string;
  provider: Saved["provider"];
  provider_url: string;
  provider_secret: string;
  scenario: string;
};

/** A first configuration: habilitación with the test provider, and the API's own defaults. */
export const SETTINGS_DEFAULTS: SettingsValues = {
  environment: "2",
  software_id: "",
  software_pin: "",
  software_maker: "Horma",
  person_type: "juridica",
  tax_regime: "48",
  responsibilities: "R-99-PN",
  address: "",
  city_code: "",
  city_name: "",
  department_code: "",
  department_name: "",
  provider: "prueba",
  provider_url: "",
  provider_secret: "",
  scenario: "accept",
};

const isScenario = (value: string | null): value is Scenario => value !== null && value in SCENARIO_LABEL;

/** A select's value as the API's type (the select offers nothing else; its first choice otherwise). */
function oneOf<const T extends string>(choices: readonly [T, ...T[]], value: string): T {
  return choices.find((c) => c === value) ?? choices[0];
}

/** The form over what is saved; the PIN starts empty (it is never read back). */
export function settingsValues(saved: FiscalSettings): SettingsValues {
  if (!saved) return SETTINGS_DEFAULTS;
  const http = saved.provider === "http";
  return {
    environment: saved.environment,
    software_id: saved.software_id,
    software_pin: "",
    software_maker: saved.software_maker,
    person_type: saved.person_type,
    tax_regime: saved.tax_regime,
    responsibilities: saved.responsibilities,
    address: saved.address,
    city_code: saved.city_code,
    city_name: saved.city_name,
    department_code: saved.department_code,
    department_name: saved.department_name,
    provider: saved.provider,
    provider_url: http ? (saved.provider_url ?? "") : "",
    provider_secret: http ? (saved.provider_secret ?? "") : "",
    scenario: !http && isScenario(saved.provider_url) ? saved.provider_url : "accept",
  };
}

const PIN = /^\d{4,20}$/;
const CITY = /^\d{5}$/;
const DEPARTMENT = /^\d{2}$/;
const SECRET_NAME = /^[A-Z][A-Z0-9_]{2,60}$/;

/** An http(s) address (the provider's API). */
function isWebAddress(text: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

const LIMITS = [
  ["software_id", 80, "Escribe el identificador del software"],
  ["software_maker", 120, "Escribe el fabricante del software"],
  ["responsibilities", 120, "Escribe las responsabilidades del RUT"],
  ["address", 200, "Escribe la dirección"],
  ["city_name", 80, "Escribe el municipio"],
  ["department_name", 80, "Escribe el departamento"],
] as const;

/** The rules the API applies (same limits), checked before saving; an HTTP provider also needs its URL and secret. */
export function validateSettings(v: SettingsValues): FieldErrors<SettingsValues> {
  const errors: FieldErrors<SettingsValues> = {};
  for (const [key, max, missing] of LIMITS) {
    const text = v[key].trim();
    if (!text) errors[key] = missing;
    else if (text.length > max) errors[key] = `Máximo ${max} caracteres`;
  }
  if (!PIN.test(v.software_pin.trim())) errors.software_pin = "El PIN del software son de 4 a 20 dígitos";
  if (!CITY.test(v.city_code.trim())) errors.city_code = "El código DANE del municipio son 5 dígitos";
  if (!DEPARTMENT.test(v.department_code.trim()))
    errors.department_code = "El código DANE del departamento son 2 dígitos";
  if (v.provider === "http") {
    const url = v.provider_url.trim();
    if (!isWebAddress(url)) errors.provider_url = "Escribe la URL del proveedor (https://…)";
    else if (url.length > 300) errors.provider_url = "Máximo 300 caracteres";
    if (!SECRET_NAME.test(v.provider_secret.trim()))
      errors.provider_secret = "El secreto se nombra en mayúsculas (p. ej. PROVEEDOR_FE_TOKEN)";
  } else if (v.environment === "1") {
    // the test provider sends nothing to DIAN: production sales would stay without a document
    errors.provider = "El proveedor de prueba solo sirve en habilitación";
  }
  return errors;
}

/** The body of PUT /fiscal-settings: the provider's URL and secret only for HTTP, the scenario for the test one. */
export function toSettingsBody(v: SettingsValues): FiscalSettingsChanges {
  const body: FiscalSettingsChanges = {
    environment: v.environment,
    software_id: v.software_id.trim(),
    software_pin: v.software_pin.trim(),
    software_maker: v.software_maker.trim(),
    person_type: oneOf(["juridica", "natural"], v.person_type),
    tax_regime: oneOf(["48", "49"], v.tax_regime),
    responsibilities: v.responsibilities.trim(),
    address: v.address.trim(),
    city_code: v.city_code.trim(),
    city_name: v.city_name.trim(),
    department_code: v.department_code.trim(),
    department_name: v.department_name.trim(),
    provider: v.provider,
  };
  return v.provider === "http"
    ? { ...body, provider_url: v.provider_url.trim(), provider_secret: v.provider_secret.trim() }
    : { ...body, provider_url: v.scenario };
}
