import type { ReactNode } from "react";
import { CardGrid } from "../ui/ItemList";

/** The transfer cards' grid: two columns on wide screens. */
export const TRANSFER_GRID = "grid gap-3 lg:grid-cols-2";

type Props<T> = {
  /** The heading, which also names the region. */
  title: string;
  items: readonly T[];
  /** The empty state's text; none for a group shown only when it has cards. */
  empty?: string;
  children: (item: T) => ReactNode;
};

/** A titled group of transfer cards (a keeper's or a store's board), or its empty state. */
export function TransferSection<T>({ title, items, empty, children }: Props<T>) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <CardGrid items={items} empty={empty} className={TRANSFER_GRID}>
        {children}
      </CardGrid>
    </section>
  );
}
