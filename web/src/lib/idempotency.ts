import { useState } from "react";

/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only in secure contexts (https, localhost); a
 * phone opening the dev server by LAN address is not one, so fall back to random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const fileIds = new WeakMap<Blob, number>();
let lastFileId = 0;

/** What a submission sends, as text to compare: data by value, a chosen file by identity. */
function submissionText(data: unknown): string {
  return (
    JSON.stringify(data, (_name, value: unknown) => {
      if (!(value instanceof Blob)) return value;
      let fileId = fileIds.get(value);
      if (fileId === undefined) {
        fileId = ++lastFileId;
        fileIds.set(value, fileId);
      }
      return { "\u0000file": fileId };
    }) ?? "null"
  );
}

/**
 * The Idempotency-Keys of one form. The server runs a key once and answers a retry with the first
 * success, but refuses (422) the same key with other data; so a key belongs to what is sent.
 */
export type IdempotencyKeys = {
  /**
   * The key to send `data` with: the same key as the last time this data was sent (a double tap, a retry
   * after a network or server error), a new one for data not sent yet (the form changed) or sent successfully.
   */
  keyFor: (data: unknown) => string;
  /** After `data` was sent successfully: sending it again is a new submission (with a new key). */
  renew: (data: unknown) => void;
  /** Sends `data` with its key and renews the key once the call succeeded: `keyFor` and `renew` in one. */
  send: <T>(data: unknown, call: (key: string) => Promise<T>) => Promise<T>;
};

/** Idempotency keys outside React (the hook below keeps one of these per form). */
export function createIdempotencyKeys(newKey: () => string = newIdempotencyKey): IdempotencyKeys {
  const keys = new Map<string, string>();
  return {
    keyFor(data) {
      const text = submissionText(data);
      let key = keys.get(text);
      if (key === undefined) {
        key = newKey();
        keys.set(text, key);
      }
      return key;
    },
    renew(data) {
      keys.delete(submissionText(data));
    },
    async send(data, call) {
      const answer = await call(this.keyFor(data));
      this.renew(data);
      return answer;
    },
  };
}

/**
 * One form's idempotency keys, kept for as long as the form is on screen:
 * `create(data, keys.keyFor(data))`, then `keys.renew(data)` once it succeeded.
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => createIdempotencyKeys());
  return keys;
}
