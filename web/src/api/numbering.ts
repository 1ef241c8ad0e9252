import { type Answer, api, type Body, byId, call, query, withKey, withSignal } from "./http";
import { storedCopyOf } from "./stored";

/** The stores' DIAN numbering resolutions (worker/routes/fiscal/admin-numbering.ts, docs/fiscal.md). */
const ranges = api.admin.admin["numbering-ranges"];

export type NumberingRanges = Answer<typeof ranges.$get>;
/** A resolution with what it has used and left, its state on the Bogotá day and its alerts. */
export type NumberingRange = NumberingRanges["ranges"][number];
export type RangeState = NumberingRange["state"];
export type RangeAlert = NumberingRange["alerts"][number];

/** The list's last-data copy (lib/lastData.ts). */
export const NumberingRangesSchema = storedCopyOf<NumberingRanges>("ranges", "total");

/** GET /numbering-ranges: every store's resolutions (one store's with `locationId`), active first, newest first. */
export function fetchNumberingRanges(locationId: number | null = null, signal?: AbortSignal) {
  return call(ranges.$get({ query: query({ location_id: locationId }) }, withSignal(signal)));
}

/** A resolution as typed from its PDF; `activate` (default true) switches the store's active one off. */
export type NewNumberingRange = Body<typeof ranges.$post>;

/** POST /numbering-ranges: 409 when it shares numbers with a range of the same prefix, 422 with the reason. */
export function createNumberingRange(range: NewNumberingRange, idempotencyKey: string) {
  return call(ranges.$post({ json: range }, withKey(idempotencyKey)));
}

/** PATCH /numbering-ranges/{id}: only the text its documents print changes. */
export function correctRangeText(id: number, documentText: string) {
  return call(ranges[":id"].$patch({ param: byId(id), json: { document_text: documentText } }));
}

/** POST /numbering-ranges/{id}/activate or /deactivate (activating switches the store's active one off). */
export function setRangeActive(id: number, active: boolean) {
  const route = active ? ranges[":id"].activate : ranges[":id"].deactivate;
  return call(route.$post({ param: byId(id) }));
}
