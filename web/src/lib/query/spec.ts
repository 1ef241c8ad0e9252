import { keepPreviousData, type Query, queryOptions } from "@tanstack/react-query";
import type * as v from "valibot";
import { companyHeaders } from "../actingCompany";
import { type LastDataArea, lastData } from "../lastData";
import { sessionAtom } from "../session";
import { appStore } from "../store";
import { queryClient } from "./client";
import { queryKeys } from "./keys";

/** A real answer and when it arrived (ISO): what the cache (and browser storage) keep. */
export type Received<T> = { data: T; receivedAt: string };

/** Who a read belongs to: the areas that keep answers in this browser, the console and the storefront. */
export type QueryArea = LastDataArea | "superuser" | "public";

/**
 * Every read of the SPA is one of these: what a screen shows and what its route's loader asks for
 * ahead are the same spec, built by the area's `queries.ts`.
 */
export type QuerySpec<T> = {
  area: QueryArea;
  /** The resource and its filters (`boss-locations:all`); a write invalidates by the part before `:`. */
  name: string;
  load: (signal: AbortSignal) => Promise<T>;
  /**
   * Screens that must work without a connection keep each answer in this browser; the stored copy
   * is read back through this schema (areas admin, seller and transfers only).
   */
  schema?: v.GenericSchema<unknown, T>;
  /** While a changed filter loads, the previous answer stays on screen (lists that must not blink). */
  keepWhileLoading?: boolean;
  /** An answer this young is not asked for again (default: every screen opening asks again). */
  freshForMs?: number;
  /** Asked again on its own this often while on screen (a badge's count). */
  refreshEveryMs?: number;
};

/** An answer this young is what a screen opening now shows without asking again (its loader just asked). */
const JUST_RECEIVED_MS = 1_000;

/** Mounting asks again unless a loader's call is running or has just answered. */
function refetchOnMount<T>(query: Query<T>): boolean {
  return Date.now() - query.state.dataUpdatedAt > JUST_RECEIVED_MS;
}

function keeps(area: QueryArea): area is LastDataArea {
  return area in lastData;
}

/**
 * The query options of a spec: keyed by the signed-in user and the acting company (two accounts
 * never share an answer); an answer with a schema is also kept in this browser for the day the server
 * cannot be reached.
 */
export function screenQuery<T>(spec: QuerySpec<T>) {
  const { area, name, schema, load, keepWhileLoading, freshForMs, refreshEveryMs } = spec;
  const userId = appStore.get(sessionAtom)?.id ?? null;
  return queryOptions<Received<T>>({
    queryKey: queryKeys.screen(area, name, userId, companyHeaders()["X-Company-Id"]),
    queryFn: async ({ signal }) => {
      const data = await load(signal);
      const receivedAt = new Date();
      if (schema && userId !== null && keeps(area)) lastData[area].save(name, userId, data, receivedAt);
      return { data, receivedAt: receivedAt.toISOString() };
    },
    refetchOnMount: refetchOnMount<Received<T>>,
    staleTime: freshForMs ?? 0,
    refetchInterval: refreshEveryMs,
    placeholderData: keepWhileLoading ? keepPreviousData : undefined,
  });
}

/** The copy this browser kept of a spec's last answer, if the spec keeps one. */
export function storedAnswer<T>({ area, name, schema }: QuerySpec<T>, userId: number | null): Received<T> | null {
  if (!schema || userId === null || !keeps(area)) return null;
  return lastData[area].read(name, userId, schema);
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
export function preload<T>(spec: QuerySpec<T>): void {
  if (spec.area !== "superuser" && spec.area !== "public" && !companyChosen()) return;
  void queryClient.ensureQueryData({ ...screenQuery(spec), revalidateIfStale: true }).catch(() => undefined);
}

/**
 * After a write: every read of `area` whose name is one of `names` (with any filters,
 * `boss-locations:all`) is stale, and the ones on screen load again.
 */
export function invalidate(area: QueryArea, ...names: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [keyArea, keyName] }) =>
      keyArea === area &&
      typeof keyName === "string" &&
      names.some((name) => keyName === name || keyName.startsWith(`${name}:`)),
  });
}
