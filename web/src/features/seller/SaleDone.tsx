import { useAtomValue } from "jotai";
import type { Customer } from "../../api/customers";
import { formatCOP } from "../../lib/format";
import type { SaleSnapshot } from "../../lib/outbox/db";
import { deliveredItem } from "../../lib/outbox/sync";
import { useOutboxItems } from "../../lib/outbox/useOutbox";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { receiptQuery } from "../../lib/receipt/queries";
import { ReceiptActions } from "../../lib/receipt/ReceiptActions";
import { NUMBER_PENDING, ReceiptDocument, type ShownReceipt } from "../../lib/receipt/ReceiptDocument";
import { sessionAtom } from "../../lib/session";
import { bigAccentButton, bigSecondaryButton, secondaryButton } from "../../lib/ui/classes";
import { ErrorState } from "../../lib/ui/ErrorState";
import { Notice } from "../../lib/ui/Notice";
import { Spinner } from "../../lib/ui/Spinner";
import { SAVED_ON_PHONE } from "./outbox/actions";
import { phoneReceipt } from "./phoneReceipt";
import type { Go } from "./views";

/** A sale the server recorded: its number and total, its receipt's link, and the customer it names. */
export type RecordedSale = {
  saleId: number;
  total: number;
  receiptToken: string | null;
  customer: Customer | null;
};

/** How 'Confirmar Venta' ended: recorded by the server, or kept on the phone (the outbox) until it can be sent. */
export type SaleDoneState =
  | ({ kind: "sent" } & RecordedSale)
  | { kind: "queued"; key: string; snapshot: SaleSnapshot; createdAt: string };

type Props = { done: SaleDoneState; go: Go; onNewSale: () => void };

export const recordedText = (sale: Pick<RecordedSale, "saleId" | "total">) =>
  `Venta #${sale.saleId} registrada exitosamente. Total: ${formatCOP(sale.total)}`;

/** The receipt on a card of its own (printed alone: styles.css). */
function ReceiptCard({ receipt }: { receipt: ShownReceipt }) {
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 shadow-sm">
      <ReceiptDocument receipt={receipt} />
    </div>
  );
}

/** The recorded sale's receipt as the server has it, to print or send (to the customer's phone or e-mail). */
function RecordedReceipt({ sale, token }: { sale: RecordedSale; token: string }) {
  const company = useAtomValue(sessionAtom)?.company_name ?? "Horma";
  const receipt = useRemoteData(receiptQuery(token));
  return (
    <>
      <ReceiptActions
        receipt={{ number: sale.saleId, total: sale.total, company: { name: company } }}
        token={token}
        phone={sale.customer?.phone}
        email={sale.customer?.email}
        printable={receipt.data !== null}
      />
      {receipt.error ? (
        <ErrorState title="No se pudo cargar el recibo" message={receipt.error} onRetry={receipt.reload} />
      ) : receipt.data ? (
        <ReceiptCard receipt={receipt.data} />
      ) : (
        <Spinner label="Cargando recibo..." />
      )}
    </>
  );
}

const Title = ({ children }: { children: string }) => <h2 className="text-xl font-bold text-stone-900">{children}</h2>;

function Recorded({ sale, arrived = false }: { sale: RecordedSale; arrived?: boolean }) {
  return (
    <>
      <Title>Venta registrada</Title>
      <Notice tone="success">
        {arrived && <span className="block">La venta guardada en el teléfono llegó al servidor.</span>}
        <span className="font-semibold" data-testid="sale-recorded">
          {recordedText(sale)}
        </span>
      </Notice>
      {sale.receiptToken && <RecordedReceipt sale={sale} token={sale.receiptToken} />}
    </>
  );
}

/**
 * A sale kept on the phone: what was saved and its receipt from the phone's copy, with no number until
 * the server gives one; once this tab delivers it, its real receipt. Refused meanwhile: where to resolve it.
 */
function Queued({ done, go }: { done: Extract<SaleDoneState, { kind: "queued" }>; go: Go }) {
  const user = useAtomValue(sessionAtom);
  const outbox = useOutboxItems();
  const item = outbox.items.find((i) => i.key === done.key);
  if (outbox.loaded && !item) {
    const answer = deliveredItem(done.key);
    if (answer?.kind === "sale") {
      return <Recorded arrived sale={{ ...answer, customer: done.snapshot.customer }} />;
    }
    // sent from another tab of this phone: its receipt is with the day's sales
    return (
      <>
        <Title>Venta registrada</Title>
        <Notice tone="success">
          <span className="block">La venta llegó al servidor: su número y su recibo están en Ventas del Día.</span>
          <button type="button" className={`${secondaryButton} mt-2`} onClick={() => go("today-sales")}>
            Ver ventas del día
          </button>
        </Notice>
      </>
    );
  }
  const receipt = phoneReceipt(done.snapshot, {
    company: user?.company_name ?? "",
    location: user?.location_name ?? null,
    seller: user?.name ?? "",
    at: done.createdAt,
  });
  return (
    <>
      <Title>Venta guardada en el teléfono</Title>
      {item?.status === "blocked" ? (
        <Notice tone="error">
          <span className="block">El servidor no aceptó esta venta: {item.problem?.detail}</span>
          <button type="button" className={`${secondaryButton} mt-2`} onClick={() => go("outbox")}>
            Resolver en pendientes
          </button>
        </Notice>
      ) : (
        <Notice tone="info">{`${SAVED_ON_PHONE}. Venta por ${formatCOP(done.snapshot.total)}`}</Notice>
      )}
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm font-semibold text-amber-900"
        data-testid="number-pending"
      >
        {NUMBER_PENDING}
      </p>
      <ReceiptCard receipt={receipt} />
    </>
  );
}

/**
 * 'Venta registrada': right after 'Confirmar Venta', the sale's receipt on screen with print and share,
 * then the next sale or home, at the thumb's reach at the bottom.
 */
export function SaleDone({ done, go, onNewSale }: Props) {
  return (
    <div className="max-w-3xl space-y-4">
      {done.kind === "sent" ? <Recorded sale={done} /> : <Queued done={done} go={go} />}
      <div className="no-print sticky bottom-0 -mx-4 grid grid-cols-2 gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <button type="button" className={bigSecondaryButton} onClick={() => go("dashboard")}>
          Volver al inicio
        </button>
        <button type="button" className={bigAccentButton} onClick={onNewSale}>
          Nueva venta
        </button>
      </div>
    </div>
  );
}
