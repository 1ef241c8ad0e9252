import type { ReactNode } from "react";
import type { Transfer } from "../../api/transfers-schemas";
import { Badge } from "../ui/Badge";
import { cardClass } from "../ui/classes";
import { isUrgent, purposeLabel } from "./progress";

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

type ToggleProps = { open: boolean; onToggle: () => void; className: string };

/** 'Ver detalles' / 'Ocultar detalles': the button of a card whose details fold away. */
export function DetailsToggle({ open, onToggle, className }: ToggleProps) {
  return (
    <button type="button" onClick={onToggle} aria-expanded={open} className={className}>
      {open ? "Ocultar detalles" : "Ver detalles"}
    </button>
  );
}

/** A transfer's urgency and its purpose (a customer's in orange), first among a card's badges. */
export function UrgencyBadges({ transfer: t, urgentLabel }: { transfer: Transfer; urgentLabel: string }) {
  return (
    <>
      {isUrgent(t) ? <Badge tone="red">{urgentLabel}</Badge> : <Badge>Normal</Badge>}
      <Badge tone={t.purpose === "cliente" ? "orange" : "sky"}>{purposeLabel(t.purpose)}</Badge>
    </>
  );
}
