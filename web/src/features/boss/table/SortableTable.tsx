import { type ReactNode, useId, useState } from "react";
import { compactControl, secondaryButton } from "../../../lib/ui/classes";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { ListCount } from "../../../lib/ui/ListCount";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { type CsvColumn, downloadCsv, toCsv } from "../../company/csv";
import { nextSort, type SortDirection, type SortState, type SortValue, sortRows } from "./sort";

export type SortColumn<T> = {
  /** Stable id of the column (sort state, React keys). */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The value the column sorts by; columns without it cannot be sorted. */
  sort?: (row: T) => SortValue;
  /** The cell's value in the CSV download; without it the column is left out of the file. */
  csv?: CsvColumn<T>["value"];
  /** Numbers: right-aligned and sorted high to low on the first click. */
  numeric?: boolean;
  /** Only in the CSV (e.g. a reference already shown inside another cell). */
  csvOnly?: boolean;
};

/** A column's CSV value: its own function of the row, or `true` for the value the column sorts by. */
type CsvValue<T> = CsvColumn<T>["value"] | true;

/** A text column shown and sorted by the same value. */
export function textColumn<T>(
  key: string,
  header: string,
  value: (row: T) => string,
  csv?: CsvValue<T>,
): SortColumn<T> {
  return { key, header, cell: value, sort: value, csv: csv === true ? value : csv };
}

/** A right-aligned figure column: sorted by the number (largest first), shown through `format`. */
export function numericColumn<T>(
  key: string,
  header: string,
  value: (row: T) => number,
  format: (value: number) => ReactNode,
  csv?: CsvValue<T>,
): SortColumn<T> {
  return {
    key,
    header,
    cell: (row) => format(value(row)),
    sort: value,
    numeric: true,
    csv: csv === true ? value : csv,
  };
}

export type SortableTableProps<T> = {
  label: string;
  columns: readonly SortColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: string;
  /** File name of a 'Descargar CSV' button for this table; no button without it. */
  csvName?: string;
  rowTestId?: string;
  initialSort?: SortState;
  /** Long lists show this many rows first, with 'Mostrando n de m' and 'Ver todos (m)'. */
  limit?: number;
  /** What a row is, for 'Mostrando 8 de 164 filas' (rows by default). */
  noun?: { one: string; many: string };
};

const ARROW: Record<SortDirection, string> = { asc: "▲", desc: "▼" };
const ROWS = { one: "fila", many: "filas" };

/**
 * A sortable table on wide screens (click a header: first direction, other direction, server order);
 * on phones each row is a card with labelled lines and the order is chosen in a select above.
 */
export function SortableTable<T>({
  label,
  columns: allColumns,
  rows,
  rowKey,
  empty,
  csvName,
  rowTestId,
  initialSort = null,
  limit,
  noun = ROWS,
}: SortableTableProps<T>) {
  const id = useId();
  const [sort, setSort] = useState<SortState>(initialSort);
  const [expanded, setExpanded] = useState(false);
  const columns = allColumns.filter((c) => !c.csvOnly);
  const sortable = columns.filter((c) => c.sort);
  const active = sort ? columns.find((c) => c.key === sort.column) : undefined;
  const sorted = sort && active?.sort ? sortRows(rows, active.sort, sort.direction) : rows;
  const cut = limit !== undefined && !expanded && sorted.length > limit;
  const shown = cut ? sorted.slice(0, limit) : sorted;
  const first = (c: SortColumn<T>): SortDirection => (c.numeric ? "desc" : "asc");
  const csvColumns = allColumns.flatMap((c) => (c.csv ? [{ header: c.header, value: c.csv }] : []));

  if (rows.length === 0) return <EmptyState text={empty} />;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        {sortable.length > 0 && (
          <div className="flex items-center gap-1.5 md:hidden">
            <label htmlFor={`${id}-sort`} className="text-xs font-medium text-stone-600">
              Ordenar por
            </label>
            <select
              id={`${id}-sort`}
              value={sort?.column ?? ""}
              onChange={(e) => {
                const column = sortable.find((c) => c.key === e.target.value);
                setSort(column ? { column: column.key, direction: first(column) } : null);
              }}
              className={`${compactControl} py-1 text-sm`}
            >
              <option value="">Orden original</option>
              {sortable.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.header}
                </option>
              ))}
            </select>
            {sort && (
              <SmallButton
                label={sort.direction === "asc" ? "Orden ascendente" : "Orden descendente"}
                onClick={() => setSort({ ...sort, direction: sort.direction === "asc" ? "desc" : "asc" })}
              >
                {ARROW[sort.direction]}
              </SmallButton>
            )}
          </div>
        )}
        {csvName && (
          <button
            type="button"
            className={`${secondaryButton} ml-auto`}
            onClick={() => downloadCsv(csvName, toCsv(csvColumns, sorted))}
          >
            Descargar CSV
          </button>
        )}
      </div>
      {/* Wide tables scroll inside their panel on tablets instead of widening the page. */}
      <div className="md:overflow-x-auto">
        <table aria-label={label} className="block w-full text-sm md:table">
          <thead className="hidden border-b border-stone-200 text-left text-xs tracking-wide text-stone-500 uppercase md:table-header-group">
            <tr>
              {columns.map((c) => {
                const current = sort?.column === c.key ? sort.direction : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={current === "asc" ? "ascending" : current === "desc" ? "descending" : undefined}
                    className={`px-3 py-2 font-semibold whitespace-nowrap ${c.numeric ? "text-right" : ""}`}
                  >
                    {c.sort ? (
                      <button
                        type="button"
                        onClick={() => setSort(nextSort(sort, c.key, first(c)))}
                        className={`inline-flex items-center gap-1 uppercase hover:text-stone-900 ${
                          current ? "text-stone-900" : ""
                        }`}
                      >
                        {c.header}
                        <span aria-hidden="true" className={current ? "" : "text-stone-300"}>
                          {current ? ARROW[current] : "↕"}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="block space-y-2 md:table-row-group md:space-y-0">
            {shown.map((row) => (
              <tr
                key={rowKey(row)}
                data-testid={rowTestId}
                className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-stone-200 p-3 md:table-row md:rounded-none md:border-0 md:border-b md:border-stone-100 md:p-0"
              >
                {columns.map((c, index) => {
                  // Phones: the first column is the card's title, the others small labelled values in two columns.
                  const title = index === 0;
                  return (
                    <td
                      key={c.key}
                      className={`min-w-0 md:table-cell md:px-3 md:py-2.5 md:align-middle ${
                        title ? "col-span-2 font-semibold md:font-normal" : "flex flex-col"
                      } ${c.numeric ? "md:text-right md:tabular-nums" : "md:text-left"}`}
                    >
                      {!title && (
                        <span aria-hidden="true" className="text-xs font-medium text-stone-500 md:hidden">
                          {c.header}
                        </span>
                      )}
                      <span className="min-w-0 break-words text-stone-900">{c.cell(row)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cut && (
        <>
          <ListCount
            className="mt-2 text-xs text-stone-500"
            shown={shown.length}
            total={sorted.length}
            one={noun.one}
            many={noun.many}
          />
          <button type="button" className={`${secondaryButton} mt-2 w-full`} onClick={() => setExpanded(true)}>
            Ver todos ({sorted.length})
          </button>
        </>
      )}
    </div>
  );
}
