import * as v from "valibot";
import { companyHeaders } from "./actingCompany";

/**
 * The last real answer of a screen, kept in this browser per user (design §4): when the server
 * cannot be reached the screen shows it, labelled with when it was received, never sample data.
 * Each area keeps its own namespace of keys (`horma.<area>.<name>.<user>`).
 */
export type StoredData<T> = { data: T; receivedAt: string };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const ReceivedAt = v.pipe(v.string(), v.isoTimestamp());

export function lastDataStore(area: string) {
  // a superuser keeps one copy per company it works on (X-Company-Id), so companies never mix
  const key = (name: string, userId: number) => {
    const company = companyHeaders()["X-Company-Id"];
    return `horma.${area}.${name}.${userId}${company ? `.c${company}` : ""}`;
  };

  function save(name: string, userId: number, data: unknown, receivedAt: Date = new Date()): void {
    try {
      storage()?.setItem(key(name, userId), JSON.stringify({ data, receivedAt: receivedAt.toISOString() }));
    } catch {
      // Full or blocked storage: the screen still works, it just has nothing to show offline.
    }
  }

  /** Reads it back through the live answer's schema, so an old or tampered copy is ignored. */
  function read<TSchema extends v.GenericSchema>(
    name: string,
    userId: number,
    schema: TSchema,
  ): StoredData<v.InferOutput<TSchema>> | null {
    try {
      const raw = storage()?.getItem(key(name, userId));
      if (!raw) return null;
      const stored: unknown = JSON.parse(raw);
      if (!stored || typeof stored !== "object" || !("data" in stored) || !("receivedAt" in stored)) return null;
      const receivedAt = v.safeParse(ReceivedAt, stored.receivedAt);
      const data = v.safeParse(schema, stored.data);
      return receivedAt.success && data.success ? { data: data.output, receivedAt: receivedAt.output } : null;
    } catch {
      return null;
    }
  }

  return { key, save, read };
}

export type LastDataArea = "admin" | "seller" | "transfers";

/** The three areas' stores, one namespace each (keys kept from before the shared data layer). */
export const lastData: Record<LastDataArea, ReturnType<typeof lastDataStore>> = {
  admin: lastDataStore("admin"),
  seller: lastDataStore("seller"),
  transfers: lastDataStore("transfers"),
};
