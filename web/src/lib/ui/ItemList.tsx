import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState";

type Props<T> = {
  items: readonly T[];
  /** The empty state's text (and detail) when there are no items. */
  empty: string;
  emptyDetail?: string;
  className: string;
  label?: string;
  children: (item: T, index: number) => ReactNode;
};

/** A list of items, or its empty state when there are none. */
export function ItemList<T>({ items, empty, emptyDetail, className, label, children }: Props<T>) {
  if (items.length === 0) return <EmptyState text={empty} detail={emptyDetail} />;
  return (
    <ul className={className} aria-label={label}>
      {items.map(children)}
    </ul>
  );
}

type GridProps<T> = {
  items: readonly T[];
  /** The empty state's text (and detail) when there are no items; none where the caller shows no empty grid. */
  empty?: string;
  emptyDetail?: string;
  className: string;
  children: (item: T) => ReactNode;
};

/** Cards side by side (each its own region, so a `div`, not a list), or the empty state when there are none. */
export function CardGrid<T>({ items, empty, emptyDetail, className, children }: GridProps<T>) {
  if (items.length === 0 && empty !== undefined) return <EmptyState text={empty} detail={emptyDetail} />;
  return <div className={className}>{items.map(children)}</div>;
}

const EDGE = { red: "border-l-red-500", amber: "border-l-amber-500", stone: "border-l-stone-300" } as const;

type AttentionProps = {
  /** The left edge's colour: red for a problem, amber for a pending decision. */
  edge: keyof typeof EDGE;
  testId: string;
  /** The first row: the item's title on the left, a figure or badge on the right. */
  head: ReactNode;
  children: ReactNode;
};

/** An item of an `ItemList` that waits for someone's action (a discrepancy, a discount request). */
export function AttentionItem({ edge, testId, head, children }: AttentionProps) {
  return (
    <li data-testid={testId} className={`rounded-lg border border-l-4 border-stone-200 ${EDGE[edge]} p-3`}>
      <div className="flex flex-wrap items-start justify-between gap-2">{head}</div>
      {children}
    </li>
  );
}

type TitledRowProps = { title: ReactNode; detail: ReactNode; end: ReactNode; className: string };

/** An item of an `ItemList`: a title over a small detail line on the left, a figure or an action on the right. */
export function TitledRow({ title, detail, end, className }: TitledRowProps) {
  return (
    <li className={`flex items-center justify-between gap-3 ${className}`}>
      <div className="min-w-0">
        <p className="truncate font-medium text-stone-900">{title}</p>
        <p className="text-xs text-stone-500">{detail}</p>
      </div>
      {end}
    </li>
  );
}
