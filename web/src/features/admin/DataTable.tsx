import type { ReactNode } from "react";
import { secondaryButton } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { type CsvColumn, downloadCsv, toCsv } from "../company/csv";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's value in the CSV download; columns without it (actions) are left out. */
  csv?: CsvColumn<T>["value"];
  align?: "right";
  /** Shown across the whole card on phones (actions), without its label. */
  wide?: boolean;
};

type Props<T> = {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: string;
  /** File name of the 'Descargar CSV' button; no button without it. */
  csvName?: string;
  rowTestId?: string;
  /** Phones show the first column as each card's title; off for tables whose first column is not a name. */
  cardTitle?: boolean;
};

/** A table on wide screens; on phones each row becomes a card with labelled lines (no sideways scroll). */
export function DataTable<T>({ label, columns, rows, rowKey, empty, csvName, rowTestId, cardTitle = true }: Props<T>) {
  const pairs = columns.length === 2 && !columns.some((c) => c.wide);
  const csvColumns = columns.flatMap((c) => (c.csv ? [{ header: c.header, value: c.csv }] : []));
  return (
    <div>
      {csvName && rows.length > 0 && (
        <div className="mb-2 flex justify-end">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => downloadCsv(csvName, toCsv(csvColumns, rows))}
          >
            Descargar CSV
          </button>
        </div>
      )}
      {rows.length === 0 ? (
        <EmptyState text={empty} />
      ) : (
        <Scroller wide={columns.length >= WIDE_COLUMNS} label={label}>
          <table aria-label={label} className="w-full text-sm md:table">
            <thead className="hidden border-b border-stone-200 text-left text-xs tracking-wide text-stone-500 uppercase md:table-header-group">
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.header}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${c.align === "right" ? "text-right" : ""}`}
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody
              className={`block md:table-row-group md:space-y-0 ${pairs ? "divide-y divide-stone-100" : "space-y-2"}`}
            >
              {rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  data-testid={rowTestId}
                  className={
                    pairs
                      ? "flex items-baseline justify-between gap-3 py-2 md:table-row md:border-b md:border-stone-100 md:py-0"
                      : "block rounded-lg border border-stone-200 p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
                  }
                >
                  {columns.map((c, index) => {
                    // Phones: a label/value table is one line per row; otherwise each row is a card whose
                    // first column is its title (unless cardTitle is off) and the rest are labelled lines.
                    const title = !pairs && cardTitle && index === 0 && !c.wide;
                    const labelled = !pairs && !c.wide && !title;
                    const layout = pairs
                      ? index === 0
                        ? "text-stone-700"
                        : "text-right font-semibold md:font-normal"
                      : c.wide
                        ? "block pt-2"
                        : title
                          ? "block pb-1.5 font-semibold md:font-normal"
                          : "flex items-baseline justify-between gap-3";
                    return (
                      <td
                        key={c.header}
                        className={`py-1 md:table-cell md:px-3 md:py-2.5 md:align-middle ${layout} ${
                          c.align === "right" ? "md:text-right md:whitespace-nowrap md:tabular-nums" : "md:text-left"
                        }`}
                      >
                        {labelled && (
                          <span aria-hidden="true" className="shrink-0 text-xs font-medium text-stone-500 md:hidden">
                            {c.header}
                          </span>
                        )}
                        <span className={`min-w-0 break-words text-stone-900 ${labelled ? "text-right" : ""}`}>
                          {c.cell(row)}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroller>
      )}
    </div>
  );
}

/** From this many columns a table may be wider than its card at desktop sizes (the IVA report has eight). */
const WIDE_COLUMNS = 7;

/**
 * A wide table scrolls inside its card instead of spilling out of it, in a region a keyboard can reach and
 * scroll (WCAG 2.1.1: axe's scrollable-region-focusable); a narrower one is left as it is.
 */
function Scroller({ wide, label, children }: { wide: boolean; label: string; children: ReactNode }) {
  if (!wide) return children;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard's focus to be scrolled without a mouse
    <section aria-label={`${label} (desplazable)`} className="md:overflow-x-auto" tabIndex={0}>
      {children}
    </section>
  );
}
