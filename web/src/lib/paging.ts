// Paginated lists on screen and in CSV (issue 32 §4): the API answers a page (`limit`, `offset`) with
// the list's `total`; a screen shows the first page and adds the next ones with "Ver más", and a CSV
// asks for every page, so the file is always the whole list.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "./query/useRemoteData";

export type PageOf<T> = { rows: readonly T[]; total: number };

/** Rows a CSV asks for per call (the routes' largest page is at least this). */
export const EXPORT_PAGE_SIZE = 100;

/**
 * Every row of a paginated list: pages of `limit` from offset 0 until `total` rows came (or a page comes
 * back short, when rows were removed meanwhile). Rows another page already brought are not repeated.
 */
export async function fetchAllPages<T>(
  load: (offset: number, limit: number) => Promise<PageOf<T>>,
  rowKey: (row: T) => string | number,
  limit = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<string | number>();
  for (let offset = 0; ; offset += limit) {
    const page = await load(offset, limit);
    for (const row of page.rows) {
      const key = rowKey(row);
      if (!seen.has(key)) {
        seen.add(key);
        rows.push(row);
      }
    }
    // a short page is the last one, whatever the total said
    if (page.rows.length < limit || offset + limit >= page.total) return rows;
  }
}

type MoreRows<T> = {
  /** The first page and every page "Ver más" added, without repeats. */
  rows: readonly T[];
  loadMore: () => void;
  busy: boolean;
  error: string | null;
};

/**
 * The rows of a paginated list on screen: `first` is the page the screen loaded (its filters in
 * `resetKey`); "Ver más" adds the page after the rows shown. A new `resetKey` starts over from `first`;
 * a reload of the same list keeps what "Ver más" added (a row both bring is shown once).
 */
export function useMoreRows<T>(
  first: readonly T[],
  resetKey: string,
  loadPage: (offset: number, signal: AbortSignal) => Promise<readonly T[]>,
  rowKey: (row: T) => string | number,
): MoreRows<T> {
  const [extra, setExtra] = useState<{ key: string; rows: readonly T[] }>({ key: resetKey, rows: [] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const keyRef = useRef(rowKey);
  keyRef.current = rowKey;

  // other filters: what "Ver más" added belonged to the old list
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger.
  useEffect(() => {
    controller.current?.abort();
    setBusy(false);
    setError(null);
  }, [resetKey]);
  useEffect(() => () => controller.current?.abort(), []);

  const rows = useMemo(() => {
    const added = extra.key === resetKey ? extra.rows : [];
    if (added.length === 0) return first;
    const seen = new Set(first.map((r) => keyRef.current(r)));
    return [...first, ...added.filter((r) => !seen.has(keyRef.current(r)))];
  }, [first, extra, resetKey]);

  const loadMore = useCallback(() => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    setError(null);
    loadRef.current(rows.length, abort.signal).then(
      (page) => {
        if (abort.signal.aborted) return;
        setExtra((current) => ({
          key: resetKey,
          rows: [...(current.key === resetKey ? current.rows : []), ...page],
        }));
        setBusy(false);
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        setError(errorMessage(err));
        setBusy(false);
      },
    );
  }, [rows.length, resetKey]);

  return { rows, loadMore, busy, error };
}
