/** Sorting of the boss tables: numbers by value, text by Spanish collation, empty cells always last. */

export type SortValue = string | number | null | undefined;
export type SortDirection = "asc" | "desc";
export type SortState = { column: string; direction: SortDirection } | null;

const collator = new Intl.Collator("es-CO", { sensitivity: "base", numeric: true });

export function compareValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === "";
  const emptyB = b === null || b === undefined || b === "";
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/** A sorted copy; ties keep their original order. Empty values stay at the end in both directions. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, direction: SortDirection): T[] {
  const sign = direction === "asc" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((x, y) => {
      const emptyX = x.key === null || x.key === undefined || x.key === "";
      const emptyY = y.key === null || y.key === undefined || y.key === "";
      if (emptyX !== emptyY) return emptyX ? 1 : -1;
      return sign * compareValues(x.key, y.key) || x.index - y.index;
    })
    .map((x) => x.row);
}

/**
 * Clicking a header: a new column starts with its natural direction (numbers high to low, text A–Z);
 * the same column flips; a third click returns to the server's order.
 */
export function nextSort(current: SortState, column: string, firstDirection: SortDirection): SortState {
  if (!current || current.column !== column) return { column, direction: firstDirection };
  if (current.direction === firstDirection) return { column, direction: firstDirection === "asc" ? "desc" : "asc" };
  return null;
}
