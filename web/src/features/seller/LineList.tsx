import { Fragment, type ReactNode } from "react";
import { secondaryButton } from "../../lib/ui/classes";

/** What a row's editor is given to change its row: put a changed copy in its place, or take it out. */
export type RowEdit<T> = { canRemove: boolean; onChange: (row: T) => void; onRemove: () => void };

type ListProps<T extends { key: string }> = {
  rows: T[];
  onChange: (rows: T[]) => void;
  /** The row the add button appends. */
  newRow: () => T;
  addLabel: string;
  children: (row: T, index: number, edit: RowEdit<T>) => ReactNode;
};

/** The rows of a sale form's section (products, payments), each in its editor, then '+ Agregar …'; one always stays. */
export function LineList<T extends { key: string }>({ rows, onChange, newRow, addLabel, children }: ListProps<T>) {
  return (
    <>
      <div className="space-y-3">
        {rows.map((row, index) => (
          <Fragment key={row.key}>
            {children(row, index, {
              canRemove: rows.length > 1,
              onChange: (next) => onChange(rows.map((r) => (r.key === row.key ? next : r))),
              onRemove: () => onChange(rows.filter((r) => r.key !== row.key)),
            })}
          </Fragment>
        ))}
      </div>
      <button type="button" onClick={() => onChange([...rows, newRow()])} className={`${secondaryButton} mt-3 w-full`}>
        {addLabel}
      </button>
    </>
  );
}

type FieldsetProps = {
  testId: string;
  /** 'Producto 2', 'Pago 1'. */
  legend: string;
  /** The fields, in two columns. */
  children: ReactNode;
  /** Below the fields: the subtotal, the remove button. */
  after: ReactNode;
};

/** One row's box in a sale form: its numbered legend, its fields, then its footer. */
export function LineFieldset({ testId, legend, children, after }: FieldsetProps) {
  return (
    <fieldset className="rounded-lg border border-stone-200 p-3" data-testid={testId}>
      <legend className="px-1 text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">{children}</div>
      {after}
    </fieldset>
  );
}
