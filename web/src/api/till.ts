import { type Answer, api, call, type Input, withKey, withSignal } from "./http";

const till = api["cash-sessions"];

export type TillSession = NonNullable<Answer<typeof till.current.$get>["session"]>;
export type TillSessionsPage = Answer<typeof till.$get>;
export type TillSessions = TillSessionsPage["sessions"];
export type TillMovement = Input<(typeof till)[":id"]["movements"]["$post"]>["json"];
export type TillCount = Input<(typeof till)[":id"]["close"]["$post"]>["json"];

const at = (id: number) => ({ param: { id: String(id) }, query: {} });

export type TillState = Answer<typeof till.current.$get>;

/**
 * The store's open till (or null) and whether the company requires one to sell; `locationId` is the
 * store an administrador sells at (a seller's is their own).
 */
export async function fetchTillState(locationId: number | null, signal?: AbortSignal): Promise<TillState> {
  const query = locationId === null ? {} : { location_id: String(locationId) };
  return call(till.current.$get({ query }, withSignal(signal)));
}

export async function openTill(openingFloat: number, key: string) {
  return (await call(till.open.$post({ query: {}, json: { opening_float: openingFloat } }, withKey(key)))).session;
}

export async function addTillMovement(id: number, movement: TillMovement, key: string) {
  return (await call(till[":id"].movements.$post({ ...at(id), json: movement }, withKey(key)))).session;
}

export async function closeTill(id: number, count: TillCount) {
  return (await call(till[":id"].close.$post({ ...at(id), json: count }))).session;
}

/** A page of the company's till sessions, newest first (30 from `offset`), with how many there are in all. */
export function fetchTillSessions(
  query: { location_id?: string; from?: string; to?: string; offset?: string },
  signal?: AbortSignal,
) {
  return call(till.$get({ query }, withSignal(signal)));
}
