import { type Query, queryOptions } from "@tanstack/react-query";
import type * as v from "valibot";
import { companyHeaders } from "../actingCompany";
import { type LastDataArea, lastData } from "../lastData";
import { sessionAtom } from "../session";
import { appStore } from "../store";
import { queryClient } from "./client";
import { queryKeys } from "./keys";

/** A real answer and when it arrived (ISO): what the cache and browser storage keep. */
export type Received<T> = { data: T; receivedAt: string };

export type RememberedSpec<TSchema extends v.GenericSchema> = {
  /** Whose browser storage keeps the last answer. */
  area: LastDataArea;
  /** Storage name of the screen's data; include the filters so each filter keeps its own copy. */
  name: string;
  schema: TSchema;
  load: (signal: AbortSignal) => Promise<v.InferOutput<TSchema>>;
};

/** An answer this young is what a screen opening now shows without asking again (its loader just asked). */
const JUST_RECEIVED_MS = 1_000;

/** Mounting asks again unless a loader's call is running or has just answered. */
function refetchOnMount<T>(query: Query<T>): boolean {
  return Date.now() - query.state.dataUpdatedAt > JUST_RECEIVED_MS;
}

/**
 * The query of a screen whose answers are remembered: keyed by the signed-in user and the acting
 * company (two accounts never share an answer), each answer kept in this browser for the day the
 * server cannot be reached. The route's loader and the screen use the same options.
 */
export function rememberedQuery<TSchema extends v.GenericSchema>({
  area,
  name,
  schema,
  load,
}: RememberedSpec<TSchema>) {
  type T = v.InferOutput<TSchema>;
  const userId = appStore.get(sessionAtom)?.id ?? null;
  return queryOptions<Received<T>>({
    queryKey: queryKeys.remembered(area, name, userId, companyHeaders()["X-Company-Id"]),
    queryFn: async ({ signal }) => {
      const data = await load(signal);
      const receivedAt = new Date();
      if (userId !== null) lastData[area].save(name, userId, data, receivedAt);
      return { data, receivedAt: receivedAt.toISOString() };
    },
    refetchOnMount: refetchOnMount<Received<T>>,
    meta: { area, name, schema },
  });
}

/** A company screen can load: signed in, and a superuser has chosen the company to work on. */
function companyChosen(): boolean {
  const user = appStore.get(sessionAtom);
  if (!user) return false;
  return user.role !== "superuser" || companyHeaders()["X-Company-Id"] !== undefined;
}

/**
 * A route loader's part: the screen's data asked for while its code downloads (what the cache holds
 * is shown at once and asked again behind it). The route does not wait for the answer: the screen
 * draws its frame and its own loading state, and a failure is the screen's to show (with the last
 * data this browser kept), never the route's.
 */
export function preload<TSchema extends v.GenericSchema>(spec: RememberedSpec<TSchema>): void {
  if (!companyChosen()) return;
  void queryClient.ensureQueryData({ ...rememberedQuery(spec), revalidateIfStale: true }).catch(() => undefined);
}

/**
 * After a write: every remembered query of `area` whose name is one of `names` (with any filters,
 * `boss-locations:all`) is stale, and the ones on screen load again.
 */
export function invalidateRemembered(area: LastDataArea, ...names: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [keyArea, keyName] }) =>
      keyArea === area &&
      typeof keyName === "string" &&
      names.some((name) => keyName === name || keyName.startsWith(`${name}:`)),
  });
}
