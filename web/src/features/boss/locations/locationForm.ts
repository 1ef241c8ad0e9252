import { WHATSAPP_INVALID, whatsappDigits } from "../../../../../shared/contact";
import { CAPACITY_INTEGER } from "../../../../../shared/messages";
import type { NewLocation } from "../../../api/boss";
import { ApiError } from "../../../api/http";

/** The create-location dialog's fields as typed (spec 3 §5 'New location'). */
export type LocationDraft = {
  name: string;
  type: "local" | "bodega";
  address: string;
  phone: string;
  manager_name: string;
  /** Only shown, checked and sent for a bodega. */
  capacity: string;
  /** Only shown and sent for a store (the storefront's contact page shows them). */
  opening_hours: string;
  whatsapp: string;
  notes: string;
};

export const EMPTY_LOCATION: LocationDraft = {
  name: "",
  type: "local",
  address: "",
  phone: "",
  manager_name: "",
  capacity: "",
  opening_hours: "",
  whatsapp: "",
  notes: "",
};

export const CAPACITY_ERROR = CAPACITY_INTEGER;
export const CREATED_MESSAGE = "Ubicación creada exitosamente";

/** A bodega's capacity is optional; when typed it must be a whole number of 0 or more. */
export function capacityError(draft: LocationDraft): string | null {
  if (draft.type !== "bodega") return null;
  const text = draft.capacity.trim();
  return text === "" || /^\d+$/.test(text) ? null : CAPACITY_ERROR;
}

/** A store's WhatsApp is optional; when typed it must be a Colombian mobile (300 123 4567). */
export function whatsappError(draft: LocationDraft): string | null {
  if (draft.type !== "local") return null;
  const text = draft.whatsapp.trim();
  return text === "" || whatsappDigits(text) !== null ? null : WHATSAPP_INVALID;
}

/** The button stays disabled without a name (and with an unusable capacity or WhatsApp). */
export function canSubmit(draft: LocationDraft): boolean {
  return draft.name.trim() !== "" && capacityError(draft) === null && whatsappError(draft) === null;
}

/** The POST body: trimmed text, empty optional fields left out, capacity only for a bodega. */
export function toPayload(draft: LocationDraft): NewLocation {
  const body: NewLocation = { name: draft.name.trim(), type: draft.type };
  const optional = (value: string) => {
    const text = value.trim();
    return text === "" ? undefined : text;
  };
  const address = optional(draft.address);
  const phone = optional(draft.phone);
  const manager = optional(draft.manager_name);
  const notes = optional(draft.notes);
  if (address) body.address = address;
  if (phone) body.phone = phone;
  if (manager) body.manager_name = manager;
  if (notes) body.notes = notes;
  if (draft.type === "local") {
    const hours = optional(draft.opening_hours);
    const whatsapp = optional(draft.whatsapp);
    if (hours) body.opening_hours = hours;
    if (whatsapp) body.whatsapp = whatsapp;
  }
  if (draft.type === "bodega" && draft.capacity.trim() !== "") body.capacity = Number(draft.capacity.trim());
  return body;
}

/** 'Error al crear ubicación: {message}', the server's detail when it sent one, else 'Error desconocido'. */
export function createErrorMessage(error: unknown): string {
  const message =
    error instanceof ApiError ? (error.detail ?? error.message) : error instanceof Error ? error.message : "";
  return `Error al crear ubicación: ${message.trim() || "Error desconocido"}`;
}
