import type { ReactNode } from "react";
import { cardClass } from "../ui/classes";

type Props = {
  /** A list item in the seller's lists; an article on the warehouse and courier boards. */
  as?: "li" | "article";
  id: number;
  /** The accessible name's word: 'Transferencia', 'Solicitud', 'Transporte', 'Devolución'. */
  noun: string;
  testId: string;
  /** The top row's badges, which the number ('#12') ends; no row without them. */
  badges?: ReactNode;
  children: ReactNode;
};

/** One transfer's card, named 'Solicitud #12'; data-transfer-id lets live updates and tests find it. */
export function TransferCard({ as: Tag = "article", id, noun, testId, badges, children }: Props) {
  return (
    <Tag className={cardClass} data-testid={testId} data-transfer-id={id} aria-label={`${noun} #${id}`}>
      {badges && (
        <div className="flex flex-wrap items-center gap-1.5">
          {badges}
          <span className="ml-auto text-sm font-semibold text-stone-600">#{id}</span>
        </div>
      )}
      {children}
    </Tag>
  );
}
