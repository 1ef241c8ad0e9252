import { type Answer, api, type Body, byId, call, query, withSignal } from "./http";
import { storedCopyOf } from "./stored";

/** Electronic documents: the company's settings and its documents' state at DIAN (worker/routes/fiscal/admin-documents.ts). */
const settings = api.admin.admin["fiscal-settings"];
const documents = api.admin.admin["electronic-documents"];

export type FiscalSettingsAnswer = Answer<typeof settings.$get>;
/** What is saved (the PIN never comes back), or null before the first save. */
export type FiscalSettings = FiscalSettingsAnswer["settings"];
/** The whole settings as PUT takes them: the PIN goes with every save. */
export type FiscalSettingsChanges = Body<typeof settings.$put>;

export type ElectronicDocuments = Answer<typeof documents.$get>;
export type ElectronicDocument = ElectronicDocuments["documents"][number];
export type DocumentStatus = ElectronicDocument["status"];

/** The last-data copies (lib/lastData.ts). */
export const FiscalSettingsSchema = storedCopyOf<FiscalSettingsAnswer>("settings");
export const ElectronicDocumentsSchema = storedCopyOf<ElectronicDocuments>("documents");

/** GET /fiscal-settings. */
export function fetchFiscalSettings(signal?: AbortSignal) {
  return call(settings.$get({}, withSignal(signal)));
}

/** PUT /fiscal-settings: writes them whole; 422 with the reason. */
export function saveFiscalSettings(changes: FiscalSettingsChanges) {
  return call(settings.$put({ json: changes }));
}

/** Which documents: one state's (null: every state), or only those needing the administrador. */
export type DocumentsFilter = DocumentStatus | "attention" | null;

/** GET /electronic-documents: newest first, with how many of all need the administrador. */
export function fetchElectronicDocuments(filter: DocumentsFilter, signal?: AbortSignal, limit?: number) {
  const which = filter === "attention" ? { attention: "1" } : { status: filter };
  return call(documents.$get({ query: query({ ...which, limit }) }, withSignal(signal)));
}

/** POST /electronic-documents/{id}/resend: only a rejected one (409 otherwise); it is built and sent again. */
export function resendElectronicDocument(id: number) {
  return call(documents[":id"].resend.$post({ param: byId(id) }));
}
