import * as v from "valibot";

/**
 * The last real answer of a logistics screen, kept in this browser per user (design §4): when the
 * server cannot be reached the screen shows it, labelled with when it was received, never sample data.
 */
export type StoredData<T> = { data: T; receivedAt: string };

export function lastDataKey(name: string, userId: number): string {
  return `horma.transfers.${name}.${userId}`;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveLastData(name: string, userId: number, data: unknown, receivedAt: Date): void {
  try {
    storage()?.setItem(lastDataKey(name, userId), JSON.stringify({ data, receivedAt: receivedAt.toISOString() }));
  } catch {
    // Full or blocked storage: the screen still works, it just has nothing to show offline.
  }
}

const ReceivedAt = v.pipe(v.string(), v.isoTimestamp());

/** Reads it back through the live answer's schema, so an old or tampered copy is ignored. */
export function readLastData<TSchema extends v.GenericSchema>(
  name: string,
  userId: number,
  schema: TSchema,
): StoredData<v.InferOutput<TSchema>> | null {
  try {
    const raw = storage()?.getItem(lastDataKey(name, userId));
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
