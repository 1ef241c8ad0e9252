import { COST_TYPES as COST_TYPE_CODES, type CostType, type Frequency } from "../../../../shared/constants";
import {
  COST_AMOUNT_POSITIVE,
  COST_AMOUNT_REQUIRED,
  COST_CATEGORY_REQUIRED,
  COST_DESCRIPTION_REQUIRED,
  COST_FREQUENCY_REQUIRED,
  COST_TYPE_REQUIRED,
  LOCATION_INVALID,
  LOCATION_REQUIRED,
} from "../../../../shared/messages";
import type { NewCost } from "../../api/admin";

/** The register-cost form's types, categories and frequencies (spec §5 'New cost', §9). */

export const COST_NATURES = [
  { value: "fijo", label: "Fijo" },
  { value: "variable", label: "Variable" },
] as const;
export type CostNature = (typeof COST_NATURES)[number]["value"];

export const CATEGORIES: Record<CostNature, readonly string[]> = {
  fijo: ["Arriendo", "Servicios Públicos", "Internet", "Seguros", "Nómina", "Otros Fijos"],
  variable: ["Mercancía", "Transporte", "Publicidad", "Mantenimiento", "Suministros", "Otros Variables"],
};

/** Category label → the API's cost_type (spec §9). */
export const CATEGORY_TO_TYPE: Record<string, string> = {
  Arriendo: "arriendo",
  "Servicios Públicos": "servicios",
  Internet: "servicios",
  Nómina: "nomina",
  Mercancía: "mercancia",
  Transporte: "transporte",
  Seguros: "otros",
  Publicidad: "otros",
  Mantenimiento: "otros",
  Suministros: "otros",
  "Otros Fijos": "otros",
  "Otros Variables": "otros",
};

const COST_TYPE_LABELS: Record<CostType, string> = {
  arriendo: "Arriendo",
  servicios: "Servicios",
  nomina: "Nómina",
  mercancia: "Mercancía",
  comisiones: "Comisiones",
  transporte: "Transporte",
  otros: "Otros",
};

/** The list filter's categories (the API's cost types). */
export const COST_TYPES = COST_TYPE_CODES.map((value) => ({ value, label: COST_TYPE_LABELS[value] }));

export function costTypeLabel(type: string): string {
  return COST_TYPES.find((t) => t.value === type)?.label ?? type;
}

const comparable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase();

/**
 * A cost's type and category, each said once: "Arriendo" (category "arriendo" or "Arriendo"),
 * "Servicios Públicos" (type servicios: the category already says it), "Otros · Seguros".
 */
export function costKindLabel(type: string, category: string | null | undefined): string {
  const label = costTypeLabel(type);
  const cat = category?.trim() ?? "";
  if (!cat || comparable(cat) === comparable(label) || comparable(cat) === comparable(type)) return label;
  if (comparable(cat).startsWith(comparable(label))) return cat.charAt(0).toUpperCase() + cat.slice(1);
  return `${label} · ${cat}`;
}

export const FREQUENCIES = [
  { value: "diario", api: "daily", label: "Diario" },
  { value: "semanal", api: "weekly", label: "Semanal" },
  { value: "mensual", api: "monthly", label: "Mensual" },
  { value: "trimestral", api: "quarterly", label: "Trimestral" },
  { value: "anual", api: "annual", label: "Anual" },
] as const satisfies readonly { value: string; api: Frequency; label: string }[];
export type FrequencyOption = (typeof FREQUENCIES)[number]["value"];

export function frequencyLabel(apiOrForm: string): string {
  return FREQUENCIES.find((f) => f.api === apiOrForm || f.value === apiOrForm)?.label ?? apiOrForm;
}

export const COST_MESSAGES = {
  typeRequired: COST_TYPE_REQUIRED,
  categoryRequired: COST_CATEGORY_REQUIRED,
  descriptionRequired: COST_DESCRIPTION_REQUIRED,
  amountRequired: COST_AMOUNT_REQUIRED,
  amountPositive: COST_AMOUNT_POSITIVE,
  frequencyRequired: COST_FREQUENCY_REQUIRED,
  locationRequired: LOCATION_REQUIRED,
  locationInvalid: LOCATION_INVALID,
  notSuccess: "La respuesta del servidor no indica éxito",
  dueBeforeStart: "El vencimiento no puede ser anterior al inicio",
} as const;

export type CostValues = {
  nature: CostNature | "";
  category: string;
  description: string;
  amount: string;
  frequency: FrequencyOption | "";
  location_id: string;
  /** empty: today, or the due date when that already passed (an overdue bill) */
  start_date: string;
  due_date: string;
};
export type CostErrors = Partial<Record<keyof CostValues, string>>;

/** Form defaults: fijo and mensual (spec §9). */
export const COST_DEFAULTS: CostValues = {
  nature: "fijo",
  category: "",
  description: "",
  amount: "",
  frequency: "mensual",
  location_id: "",
  start_date: "",
  due_date: "",
};

/** Changing the type clears the category (its list changes). */
export function withNature(values: CostValues, nature: CostValues["nature"]): CostValues {
  return { ...values, nature, category: nature === values.nature ? values.category : "" };
}

export function validateCost(values: CostValues): CostErrors {
  const errors: CostErrors = {};
  if (!values.nature) errors.nature = COST_MESSAGES.typeRequired;
  if (!values.category || (values.nature && !CATEGORIES[values.nature].includes(values.category))) {
    errors.category = COST_MESSAGES.categoryRequired;
  }
  if (!values.description.trim()) errors.description = COST_MESSAGES.descriptionRequired;
  if (values.amount.trim() === "") errors.amount = COST_MESSAGES.amountRequired;
  else if (!(Number(values.amount) > 0)) errors.amount = COST_MESSAGES.amountPositive;
  if (!values.frequency) errors.frequency = COST_MESSAGES.frequencyRequired;
  if (!values.location_id) errors.location_id = COST_MESSAGES.locationRequired;
  else if (!(Number.isInteger(Number(values.location_id)) && Number(values.location_id) > 0)) {
    errors.location_id = COST_MESSAGES.locationInvalid;
  }
  if (values.start_date && values.due_date && values.due_date < values.start_date) {
    errors.due_date = COST_MESSAGES.dueBeforeStart;
  }
  return errors;
}

/** The start a cost is sent with: the one typed, else today, or its due date when that already passed. */
export function costStart(values: Pick<CostValues, "start_date" | "due_date">, today: string): string {
  if (values.start_date) return values.start_date;
  return values.due_date && values.due_date < today ? values.due_date : today;
}

/**
 * The POST /costs body: cost_type is the mapped category, the label goes as category; it starts on the
 * start date typed, else today (or on its due date when that passed: an overdue bill can be entered).
 */
export function toNewCost(values: CostValues, today: string): NewCost {
  const frequency = FREQUENCIES.find((f) => f.value === values.frequency)?.api ?? "monthly";
  return {
    location_id: Number(values.location_id),
    cost_type: CATEGORY_TO_TYPE[values.category] ?? "otros",
    category: values.category,
    nature: values.nature === "variable" ? "variable" : "fijo",
    description: values.description.trim(),
    amount: Number(values.amount),
    frequency,
    start_date: costStart(values, today),
    end_date: values.due_date || null,
  };
}

/** The upcoming-week label: 'Hoy', 'Mañana', 'En {n} días' (spec §2.1). */
export function upcomingLabel(days: number): string {
  if (days === 0) return "Hoy";
  if (days === 1) return "Mañana";
  return `En ${days} días`;
}
