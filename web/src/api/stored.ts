import * as v from "valibot";

/**
 * The schema a screen's last-data copy (lib/lastData.ts) is read back through. Answers are typed by the
 * Worker, not described again here: a stored copy must be an object holding the answer's top-level
 * `keys` (or a list), so a copy from an older build or a tampered one is dropped, not shown.
 */
export function storedCopyOf<T>(...keys: T extends readonly unknown[] ? [] : (keyof T & string)[]) {
  return v.custom<T>((value) => {
    if (keys.length === 0) return Array.isArray(value) || (typeof value === "object" && value !== null);
    return typeof value === "object" && value !== null && keys.every((key) => key in value);
  }, "Copia guardada no válida");
}
