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
