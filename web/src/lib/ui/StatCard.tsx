import type { ReactNode } from "react";

type Props = {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: keyof typeof ACCENT;
  /** Put on the figure. */
  testId?: string;
  /** Put on the whole card (label, figure and detail). */
  cardTestId?: string;
};

/** The left border's colour of each tone (stat and summary cards). */
export const ACCENT = {
  stone: "border-l-stone-400",
  orange: "border-l-orange-600",
  green: "border-l-green-600",
  amber: "border-l-amber-500",
  red: "border-l-red-600",
  sky: "border-l-sky-600",
} as const;

/**
 * A labelled figure with a short detail line below. The figure never wraps inside a number
 * (whitespace-nowrap, tabular digits); its size follows the card's width (container query), not the
 * screen's, so "$ 12.345.678" fits a narrow card in a five-column row.
 */
export function StatCard({ label, value, detail, tone = "stone", testId, cardTestId }: Props) {
  return (
    <div
      data-testid={cardTestId}
      className={`@container min-w-0 rounded-xl border border-l-4 border-stone-200 bg-white p-3 shadow-sm sm:p-4 ${ACCENT[tone]}`}
    >
      <p className="text-sm font-medium text-stone-600">{label}</p>
      <p
        className="mt-1 text-lg font-bold tracking-tight whitespace-nowrap text-stone-900 tabular-nums @[15rem]:text-2xl"
        data-testid={testId}
      >
        {value}
      </p>
      {detail && <p className="mt-1 text-xs text-stone-600 sm:text-sm">{detail}</p>}
    </div>
  );
}

/** One card of a `StatGrid`; `wrap` puts it in a box of that class (a wide card's column span). */
export type StatSpec = Props & { wrap?: string };

/** A row of stat cards described as data. */
export function StatGrid({ className, cards }: { className: string; cards: readonly StatSpec[] }) {
  return (
    <div className={className}>
      {cards.map(({ wrap, ...card }) =>
        wrap ? (
          <div key={card.label} className={wrap}>
            <StatCard {...card} />
          </div>
        ) : (
          <StatCard key={card.label} {...card} />
        ),
      )}
    </div>
  );
}
