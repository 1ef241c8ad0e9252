import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useRef, useState } from "react";
import type { Customer } from "../../api/customers";
import { createSale } from "../../api/seller";
import { createSaleFromTransfer } from "../../api/transfers";
import { formatCOP } from "../../lib/format";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { outboxItem, submitThroughOutbox } from "../../lib/outbox/submit";
import { sessionAtom } from "../../lib/session";
import { bigAccentButton, bigPrimaryButton, secondaryButton } from "../../lib/ui/classes";
import { Notice } from "../../lib/ui/Notice";
import { CustomerPicker } from "../customers/CustomerPicker";
import { saleDraftFromScan } from "../scan/logic";
import { AdditionalInfoSection } from "./AdditionalInfoSection";
import { DiscountSection } from "./DiscountSection";
import { InventoryAlert } from "./InventoryAlert";
import { discardItem, REPLACED_REASON } from "./outbox/actions";
import { PaymentsSection } from "./PaymentsSection";
import { type RecordedSale, SaleDone, type SaleDoneState } from "./SaleDone";
import { SaleLinesSection } from "./SaleLinesSection";
import { SaleSummary } from "./SaleSummary";
import { SectionCard } from "./SectionCard";
import { type SaleFailure, saleFailure } from "./saleErrors";
import { emptySale, reviewCheck, type SaleDraft, saleTotals, toNewSale } from "./saleForm";
import { clearScanAtom, correctedSaleAtom, scannedSaleAtom } from "./state";
import { TransferSaleSection } from "./TransferSaleSection";
import { TILL_CLOSED_FOR_SALES, tillBlocksSales, useTillState } from "./tillState";
import { parseTransferId, TRANSFER_ID_MISSING, transferQuantityProblem, useTransferSale } from "./transferSale";
import type { Go } from "./views";

/** How long a confirmation runs before the button says so ('Registrando venta...'). */
const BUSY_AFTER_MS = 150;

function scrollToTop() {
  if (typeof window.scrollTo === "function") window.scrollTo({ top: 0 });
}

type Props = {
  go: Go;
  /** ?transfer_id= when selling what a completed transfer brought ('Vender'); undefined for a normal sale. */
  fromTransfer?: string;
};

/**
 * 'Nueva Venta': editing → review summary → confirm → 'Venta registrada' (the receipt on screen);
 * 'Nueva venta' there opens a fresh form.
 */
export function NewSaleView({ go, fromTransfer }: Props) {
  const [done, setDone] = useState<SaleDoneState | null>(null);
  // each sale gets a form of its own: nothing of the last one (its scan, a corrected sale) carries over
  const [round, setRound] = useState(0);
  const clearScan = useSetAtom(clearScanAtom);
  if (done) {
    const newSale = () => {
      setDone(null);
      setRound((r) => r + 1);
      // after a sale of a transfer's pairs, the next is a plain sale
      if (fromTransfer !== undefined) go("new-sale", { replace: true });
    };
    return <SaleDone done={done} go={go} onNewSale={newSale} />;
  }
  return (
    <SaleForm
      key={round}
      go={go}
      fromTransfer={fromTransfer}
      onDone={(next) => {
        clearScan();
        setDone(next);
        scrollToTop();
      }}
    />
  );
}

/** The form of one sale, until the server or the phone has it. */
function SaleForm({ go, fromTransfer, onDone }: Props & { onDone: (done: SaleDoneState) => void }) {
  const user = useAtomValue(sessionAtom);
  // 'Vender' from a scan starts with the scanned product's line (not for a sale from a transfer)
  const scannedSale = useAtomValue(scannedSaleAtom);
  // 'Vender otra talla' on a queued sale the server refused: start from it, replace it once this one is kept
  const [corrected, setCorrected] = useAtom(correctedSaleAtom);
  const [replacing] = useState(() => (fromTransfer === undefined ? corrected : null));
  const [draft, setDraft] = useState<SaleDraft>(() =>
    replacing
      ? replacing.draft
      : scannedSale && fromTransfer === undefined
        ? saleDraftFromScan(scannedSale)
        : emptySale(),
  );
  const [receipt, setReceipt] = useState<File | null>(replacing?.receipt ?? null);
  // the sale's customer (optional), picked or registered in the 'Cliente' block
  const [customer, setCustomer] = useState<Customer | null>(replacing?.customer ?? null);
  const [step, setStep] = useState<"edit" | "review">("edit");
  // One key per sale sent: retrying 'Confirmar Venta' after a lost answer can never record the sale twice.
  const idempotency = useIdempotencyKeys();
  // a tap while the sale is being kept or sent does nothing; the busy look only once it takes a while
  // (a sale kept on the phone is done before then: no extra redraw on the way to "Guardada")
  const [busy, setBusy] = useState(false);
  const confirming = useRef(false);
  const [failure, setFailure] = useState<SaleFailure | null>(null);

  // the store's till: when the company requires it open and it is closed, the form says so up front
  const till = useTillState();
  const tillClosed = tillBlocksSales(till);

  const transferId = fromTransfer === undefined ? undefined : parseTransferId(fromTransfer);
  const transferSale = useTransferSale(transferId ?? null, setDraft);
  const isTransferSale = transferId !== undefined;
  const quantityProblem =
    transferSale.status === "ready"
      ? transferQuantityProblem(transferSale.transfer, draft.lines[0]?.quantity ?? "")
      : null;
  const check =
    isTransferSale && transferSale.status !== "ready"
      ? { ok: false as const, message: "" }
      : quantityProblem
        ? { ok: false as const, message: quantityProblem }
        : reviewCheck(draft);
  const totals = saleTotals(draft);
  const update = (patch: Partial<SaleDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function review() {
    if (!check.ok) return;
    // what the till is now (opened on another phone meanwhile?) before the last step
    till.reload("event");
    setFailure(null);
    setStep("review");
    scrollToTop();
  }

  function edit() {
    if (confirming.current) return;
    setStep("edit");
    setFailure(null);
  }

  async function confirm() {
    if (confirming.current || tillClosed) return;
    if (transferId === null) {
      setFailure({ kind: "error", message: TRANSFER_ID_MISSING });
      return;
    }
    confirming.current = true;
    const looksBusy = setTimeout(() => setBusy(true), BUSY_AFTER_MS);
    if (failure) setFailure(null);
    try {
      // Sellers sell at their own location; an administrador or superuser at the one on their profile.
      const locationId = user && user.role !== "seller" ? user.location_id : null;
      const sale = toNewSale(draft, { receipt, locationId, customerId: customer?.id ?? null });
      const sent =
        transferId === undefined
          ? ({ kind: "sale", sale } as const)
          : ({
              kind: "from-transfer",
              sale: {
                transfer_id: transferId,
                quantity: Number(draft.lines[0]?.quantity) || null,
                total_amount: sale.total_amount,
                payment_methods: sale.payment_methods,
                notes: sale.notes,
              },
            } as const);
      const key = idempotency.keyFor(sent);
      const recorded = ({ saleId, total, receiptToken }: Omit<RecordedSale, "customer">) =>
        onDone({ kind: "sent", saleId, total, receiptToken, customer });
      if (sent.kind === "sale" && user) {
        // kept on the phone first: without a connection the sale is safe and the seller goes on selling
        const snapshot = { draft, customer, total: totals.net };
        const item = outboxItem({ kind: "sale", key, payload: sent.sale, snapshot }, user.id);
        const result = await submitThroughOutbox(item);
        idempotency.renew(sent);
        if (replacing) await discardItem(replacing.key, REPLACED_REASON);
        setCorrected(null);
        if (result.kind === "queued") onDone({ kind: "queued", key, snapshot, createdAt: item.createdAt });
        else if (result.delivered.kind === "sale") recorded(result.delivered);
      } else {
        const created =
          sent.kind === "sale" ? await createSale(sent.sale, key) : await createSaleFromTransfer(sent.sale, key);
        idempotency.renew(sent);
        recorded({
          saleId: created.sale_id,
          total: created.total_amount,
          receiptToken: created.sale_details.receipt_token,
        });
      }
    } catch (error) {
      setFailure(saleFailure(error));
      scrollToTop();
    } finally {
      clearTimeout(looksBusy);
      confirming.current = false;
      setBusy(false);
    }
  }

  const tillNotice = tillClosed && (
    <Notice tone="warning">
      <span className="block">{TILL_CLOSED_FOR_SALES}</span>
      <button type="button" className={`${secondaryButton} mt-2`} onClick={() => go("till")}>
        Abrir caja
      </button>
    </Notice>
  );

  const failureBox = failure && (
    <div className="mb-4">
      {failure.kind === "inventory" ? (
        <InventoryAlert detail={failure.detail} onClose={() => setFailure(null)} />
      ) : (
        <Notice tone="error" onClose={() => setFailure(null)}>
          {failure.message}
        </Notice>
      )}
    </div>
  );

  if (step === "review") {
    return (
      <div className="max-w-3xl space-y-4">
        {failureBox}
        {tillNotice}
        <SaleSummary draft={draft} receipt={receipt} customer={customer} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={edit} disabled={busy} className={secondaryButton}>
            Editar
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy || tillClosed}
            className={bigAccentButton}
          >
            {busy ? "Registrando venta..." : "Confirmar Venta"}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      className="max-w-3xl space-y-4"
    >
      {failureBox}
      {tillNotice}
      {isTransferSale && <TransferSaleStatus state={transferSale} />}
      {isTransferSale ? (
        transferSale.status === "ready" &&
        draft.lines[0] && (
          <TransferSaleSection
            transfer={transferSale.transfer}
            line={draft.lines[0]}
            notes={draft.notes}
            onPrice={(unit_price) => update({ lines: draft.lines.map((l) => ({ ...l, unit_price })) })}
            onQuantity={(quantity) => update({ lines: draft.lines.map((l) => ({ ...l, quantity })) })}
            onNotes={(notes) => update({ notes })}
          />
        )
      ) : (
        <>
          <SaleLinesSection lines={draft.lines} onChange={(lines) => update({ lines })} />
          <DiscountSection discount={draft.discount} onChange={(discount) => update({ discount })} />
          <SectionCard title="Cliente (opcional)">
            <CustomerPicker value={customer} onChange={setCustomer} />
          </SectionCard>
        </>
      )}
      <PaymentsSection
        payments={draft.payments}
        net={totals.net}
        paid={totals.paid}
        onChange={(payments) => update({ payments })}
      />
      {!isTransferSale && (
        <AdditionalInfoSection
          notes={draft.notes}
          requiresConfirmation={draft.requiresConfirmation}
          receipt={receipt}
          onNotes={(notes) => update({ notes })}
          onRequiresConfirmation={(requiresConfirmation) => update({ requiresConfirmation })}
          onReceipt={setReceipt}
        />
      )}
      <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs text-stone-600">Total a cobrar</p>
            <p className="text-xl font-bold text-stone-900" data-testid="sale-net-total">
              {formatCOP(totals.net)}
            </p>
          </div>
          <button type="submit" disabled={!check.ok} className={`${bigPrimaryButton} shrink-0`}>
            Revisar Venta
          </button>
        </div>
        {!check.ok && check.message && (
          <p className="mt-1 text-sm font-medium text-amber-800" data-testid="review-blocker">
            {check.message}
          </p>
        )}
      </div>
    </form>
  );
}

/** Loading, missing id or failure of the transfer behind a 'Vender' sale. */
function TransferSaleStatus({ state }: { state: ReturnType<typeof useTransferSale> }) {
  if (state.status === "missing-id") return <Notice tone="error">{TRANSFER_ID_MISSING}</Notice>;
  if (state.status === "loading") return <p className="text-sm text-stone-600">Cargando la transferencia...</p>;
  if (state.status === "error") return <Notice tone="error">{`❌ Error: ${state.message}`}</Notice>;
  return null;
}
