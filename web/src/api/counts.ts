// Physical stock counts through the typed client.
import { type Answer, api, byId, call, type Input, withKey, withSignal } from "./http";

const counts = api.inventory.counts;

export type CountsList = Answer<typeof counts.$get>;
export type CountSummary = CountsList["counts"][number];
export type CountDetail = Answer<(typeof counts)[":id"]["$get"]>;
export type CountLine = CountDetail["lines"][number];
export type CountVariances = Answer<(typeof counts)[":id"]["variances"]["$get"]>;
export type NewCount = Input<typeof counts.$post>["json"];
export type CountLineInput = Input<(typeof counts)[":id"]["lines"]["$put"]>["json"];

/** A page of the counts, newest first (50 from `offset`), with how many there are in all. */
export function fetchCounts(signal?: AbortSignal, offset = 0) {
  return call(counts.$get({ query: offset ? { offset: String(offset) } : {} }, withSignal(signal)));
}

export function openCount(body: NewCount, idempotencyKey: string) {
  return call(counts.$post({ json: body }, withKey(idempotencyKey)));
}

export function fetchCount(id: number, signal?: AbortSignal) {
  return call(counts[":id"].$get({ param: byId(id) }, withSignal(signal)));
}

export function fetchVariances(id: number, signal?: AbortSignal) {
  return call(counts[":id"].variances.$get({ param: byId(id) }, withSignal(signal)));
}

export function saveCountLine(id: number, line: CountLineInput, idempotencyKey: string) {
  return call(counts[":id"].lines.$put({ param: byId(id), json: line }, withKey(idempotencyKey)));
}

export function deleteCountLine(id: number, lineId: number) {
  return call(counts[":id"].lines[":lineId"].$delete({ param: { id: String(id), lineId: String(lineId) } }));
}

export function postCount(id: number, idempotencyKey: string) {
  return call(counts[":id"].post.$post({ param: byId(id) }, withKey(idempotencyKey)));
}

export function cancelCount(id: number, idempotencyKey: string) {
  return call(counts[":id"].cancel.$post({ param: byId(id) }, withKey(idempotencyKey)));
}
