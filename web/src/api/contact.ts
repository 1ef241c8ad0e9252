import { type Answer, api, type Body, byId, call, withKey, withSignal } from "./http";
import { storedCopyOf } from "./stored";

// The storefront's contact page (issue 32 §6): its stores and the contact form (public), and the
// messages as the administrador reads them (Notificaciones → Mensajes de la tienda).

/** One open store of the showcase company, as the contact page lists it. */
export type PublicStore = Answer<typeof api.public.stores.$get>["stores"][number];
/** What the contact form sends. */
export type ContactMessageInput = Body<typeof api.public.contact.$post>;

type Panel = typeof api.admin.admin;
export type ContactMessages = Answer<Panel["contact-messages"]["$get"]>;
export type ContactMessage = ContactMessages["messages"][number];
export const ContactMessagesSchema = storedCopyOf<ContactMessages>("messages", "total", "unread");

/** GET /api/v1/public/stores: the showcase company's open stores (no token needed). */
export function listPublicStores(signal?: AbortSignal) {
  return call(api.public.stores.$get(undefined, withSignal(signal)));
}

/** POST /api/v1/public/contact: leaves the message; a retry with the same key and data keeps it once. */
export function sendContactMessage(message: ContactMessageInput, idempotencyKey: string) {
  return call(api.public.contact.$post({ json: message }, withKey(idempotencyKey)));
}

/** A page of the company's contact messages, newest first (50 from `offset` unless `limit` says otherwise). */
export function fetchContactMessages(signal?: AbortSignal, offset = 0, limit?: number) {
  const query = { ...(offset ? { offset: String(offset) } : {}), ...(limit ? { limit: String(limit) } : {}) };
  return call(api.admin.admin["contact-messages"].$get({ query }, withSignal(signal)));
}

/** PUT /contact-messages/:id/read: read (true) or unread again (false). */
export function markContactMessageRead(id: number, read: boolean) {
  return call(api.admin.admin["contact-messages"][":id"].read.$put({ param: byId(id), json: { read } }));
}
