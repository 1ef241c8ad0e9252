import { RankingChart, shortLabel } from "../../company/charts";
import { SortableTable, type SortableTableProps } from "./SortableTable";

type Chart<T> = {
  testId: string;
  /** The series' name in the tooltip ('Ventas', 'Pares'). */
  name: string;
  kind: "money" | "units";
  /** Each row's bar: its name (shortened to fit) and its figure. */
  label: (row: T) => string;
  value: (row: T) => number;
};

/** A ranking: the bar chart of one figure above the sortable table of all of them, from the same rows. */
export function ChartedTable<T>({ chart, ...table }: SortableTableProps<T> & { chart: Chart<T> }) {
  const { testId, name, kind, label, value } = chart;
  const bars = table.rows.map((row) => ({ label: shortLabel(label(row)), value: value(row) }));
  return (
    <div className="space-y-4">
      <RankingChart testId={testId} name={name} kind={kind} rows={bars} />
      <SortableTable<T> {...table} />
    </div>
  );
}
