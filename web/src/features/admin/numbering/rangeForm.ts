import type { NewNumberingRange } from "../../../api/numbering";
import type { FieldErrors } from "../../../lib/ui/form";

/** 'Registrar resolución' as typed: every field a string, as the inputs hold them. */
export type RangeValues = {
  location_id: string;
  resolution_number: string;
  resolution_date: string;
  prefix: string;
  range_from: string;
  range_to: string;
  valid_from: string;
  valid_until: string;
  document_text: string;
  activate: boolean;
};

export const RANGE_DEFAULTS: RangeValues = {
  location_id: "",
  resolution_number: "",
  resolution_date: "",
  prefix: "",
  range_from: "",
  range_to: "",
  valid_from: "",
  valid_until: "",
  document_text: "",
  activate: true,
};

/** The most the printed text may hold (the API's limit). */
export const DOCUMENT_TEXT_MAX = 500;

const RESOLUTION_NUMBER = /^\d{6,20}$/;
const PREFIX = /^[A-Z0-9]{0,4}$/;
const WHOLE = /^\d{1,10}$/;

/** The printed text's own rule, shared by the register form and 'Corregir texto'. */
export function documentTextProblem(text: string): string | undefined {
  if (!text.trim()) return "Escribe el texto que imprime el documento";
  if (text.trim().length > DOCUMENT_TEXT_MAX) return "Máximo 500 caracteres";
  return undefined;
}

/** The rules the API applies to a resolution, checked before it is sent (same words where it has them). */
export function validateRange(v: RangeValues, today: string): FieldErrors<RangeValues> {
  const errors: FieldErrors<RangeValues> = {};
  if (!v.location_id) errors.location_id = "Elige el local";
  if (!RESOLUTION_NUMBER.test(v.resolution_number.trim()))
    errors.resolution_number = "Escribe los 6 a 20 dígitos de la resolución";
  if (!v.resolution_date) errors.resolution_date = "Indica la fecha de la resolución";
  if (!PREFIX.test(v.prefix.trim().toUpperCase())) errors.prefix = "Hasta 4 letras o dígitos";
  const from = WHOLE.test(v.range_from.trim()) ? Number(v.range_from) : Number.NaN;
  const to = WHOLE.test(v.range_to.trim()) ? Number(v.range_to) : Number.NaN;
  if (!(from >= 1)) errors.range_from = "Un número entero desde 1";
  if (!(to >= 1)) errors.range_to = "Un número entero desde 1";
  else if (from >= 1 && to < from) errors.range_to = "No puede ser menor que el inicial";
  if (!v.valid_from) errors.valid_from = "Indica desde cuándo rige";
  else if (v.resolution_date && v.valid_from < v.resolution_date)
    errors.valid_from = "No puede empezar antes de la fecha de la resolución";
  if (!v.valid_until) errors.valid_until = "Indica hasta cuándo rige";
  else if (v.valid_from && v.valid_until < v.valid_from) errors.valid_until = "La vigencia termina antes de empezar";
  else if (v.valid_until < today) errors.valid_until = "La resolución ya está vencida";
  const text = documentTextProblem(v.document_text);
  if (text) errors.document_text = text;
  return errors;
}

/** The body of POST /numbering-ranges. */
export function toNewRange(v: RangeValues): NewNumberingRange {
  return {
    location_id: Number(v.location_id),
    resolution_number: v.resolution_number.trim(),
    resolution_date: v.resolution_date,
    prefix: v.prefix.trim().toUpperCase(),
    range_from: Number(v.range_from),
    range_to: Number(v.range_to),
    valid_from: v.valid_from,
    valid_until: v.valid_until,
    document_text: v.document_text.trim(),
    activate: v.activate,
  };
}
