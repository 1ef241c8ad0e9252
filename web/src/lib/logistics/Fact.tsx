import type { ReactNode } from "react";
import type { Transfer } from "../../api/transfers-schemas";

/** One labelled value of a card ("Solicitante: …"), wrapping on narrow phones. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="break-words text-sm text-stone-900">{children}</dd>
    </div>
  );
}

type PartiesProps = {
  transfer: Transfer;
  className: string;
  /** The second fact; by default who carries it ('Corredor'). */
  second?: { label: string; value: ReactNode };
  origin?: string;
  destination?: string;
};

/** A transfer card's parties: who asked for it, who carries it, where from and where to. */
export function PartyFacts({
  transfer: t,
  className,
  second,
  origin = "Origen",
  destination = "Destino",
}: PartiesProps) {
  const { label, value } = second ?? { label: "Corredor", value: t.courier_info.name ?? "Sin asignar" };
  return (
    <dl className={className}>
      <Fact label="Solicitante">{t.requester_name}</Fact>
      <Fact label={label}>{value}</Fact>
      <Fact label={origin}>{t.source_location_name}</Fact>
      <Fact label={destination}>{t.destination_location_name}</Fact>
    </dl>
  );
}
