import { useEffect, useRef, useState } from "react";
import { asksCashCover } from "../../../../../shared/messages";
import { ApiError } from "../../../api/http";
import type { ReturnSale, SaleReturn } from "../../../api/sale-returns";
import { formatCOP } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { errorMessage } from "../../../lib/query/useRemoteData";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { bigAccentButton } from "../../../lib/ui/classes";
import { Notice } from "../../../lib/ui/Notice";
import { AdminPinDialog } from "../AdminPinDialog";
import { useCreateSaleReturn } from "../mutations";
import { SectionCard } from "../SectionCard";
import { ExchangeSection } from "./ExchangeSection";
import { ReasonSection } from "./ReasonSection";
import { RefundSection } from "./RefundSection";
import { ReturnLines } from "./ReturnLines";
import {
  checkReturn,
  creditEstimate,
  emptyReturn,
  exchangeTotal,
  NO_REASON,
  type ReturnDraft,
  type ReturnMode,
  settlement,
  toNewReturn,
} from "./returnForm";

const MODES = [
  { value: "refund", label: "Devolver dinero" },
  { value: "exchange", label: "Cambiar por otro producto" },
] as const;

/** The server asks an administrador's PIN for a sale past the return window ('… PIN de un administrador'). */
const asksPin = (message: string) => message.includes("PIN de un administrador");

type PinAsk = { reason: string; failure: string | null; cash: boolean };

type Props = { sale: ReturnSale; onDone: (done: SaleReturn) => void };

/**
 * The return of one sale: the units coming back and where they go, the reason, and the money back or
 * the exchange. Sent once per attempt (its Idempotency-Key is reused on a retry of the same data);
 * past the window the server asks an administrador's PIN and the same return is sent again with it.
 */
export function ReturnForm({ sale, onDone }: Props) {
  const [draft, setDraft] = useState<ReturnDraft>(() => emptyReturn(sale));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = useCreateSaleReturn();
  const [pinAsk, setPinAsk] = useState<PinAsk | null>(null);
  // a PIN the server accepted, kept for another try after an unrelated refusal (a 422 of the exchange)
  const [adminPin, setAdminPin] = useState<string | null>(null);
  // once the seller tried to send, a missing reason is marked on its chips too
  const [tried, setTried] = useState(false);
  const keys = useIdempotencyKeys();
  const update = (patch: Partial<ReturnDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setFailure(null);
  };

  const credit = creditEstimate(draft, sale);
  const newTotal = exchangeTotal(draft);
  const { toPay } = settlement(credit, newTotal);

  // the one payment of the difference follows it, until the seller types another amount
  const filled = useRef("");
  useEffect(() => {
    const amount = toPay > 0 ? String(toPay) : "";
    setDraft((d) => {
      const [only] = d.payments;
      if (d.payments.length !== 1 || !only || (only.amount !== "" && only.amount !== filled.current)) return d;
      return only.amount === amount ? d : { ...d, payments: [{ ...only, amount }] };
    });
    filled.current = amount;
  }, [toPay]);

  async function send(pin: string | null, why: string | null = null) {
    const body = toNewReturn(draft, sale, pin, why);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await keys.send(body, (key) => create.mutateAsync({ body, key }));
      setPinAsk(null);
      onDone(answer.sale_return);
    } catch (error) {
      const message = errorMessage(error);
      const status = error instanceof ApiError ? error.status : 0;
      const refused = status === 403 || status === 429;
      const cash = status === 409 && asksCashCover(message);
      if (cash || (refused && (pin !== null || asksPin(message)))) {
        setAdminPin(null);
        setPinAsk((ask) =>
          pin === null || cash
            ? { reason: message, failure: null, cash: cash || (ask?.cash ?? false) }
            : { reason: ask?.reason ?? message, failure: message, cash: ask?.cash ?? false },
        );
      } else {
        if (pin !== null) setAdminPin(pin);
        setPinAsk(null);
        setFailure(message);
      }
    } finally {
      setBusy(false);
    }
  }

  const check = checkReturn(draft, sale);
  function submit() {
    setTried(true);
    if (!check.ok) {
      setFailure(check.message);
      return;
    }
    if (!busy) void send(adminPin);
  }

  const exchange = draft.mode === "exchange";
  return (
    <div className="space-y-4">
      <ReturnLines
        sale={sale}
        draft={draft}
        onQuantity={(item, n) => update({ quantities: { ...draft.quantities, [item.id]: n } })}
        onDestination={(item, d) => update({ destinations: { ...draft.destinations, [item.id]: d } })}
      />
      <ReasonSection
        reason={draft.reason}
        notes={draft.notes}
        error={tried && draft.reason === null ? NO_REASON : undefined}
        onReason={(reason) => update({ reason })}
        onNotes={(notes) => update({ notes })}
      />
      <SectionCard title="¿Qué quiere el cliente?">
        <ChoiceChips
          legend="Qué quiere el cliente"
          hideLegend
          value={draft.mode}
          choices={MODES}
          onChange={(mode: ReturnMode) => update({ mode })}
        />
      </SectionCard>
      {exchange ? (
        <ExchangeSection
          lines={draft.exchangeLines}
          credit={credit}
          discounted={sale.discount_amount > 0}
          newTotal={newTotal}
          payments={draft.payments}
          refundMethod={draft.refundMethod}
          onLines={(exchangeLines) => update({ exchangeLines })}
          onPayments={(payments) => update({ payments })}
          onRefundMethod={(refundMethod) => update({ refundMethod })}
        />
      ) : (
        <RefundSection
          estimate={credit}
          discounted={sale.discount_amount > 0}
          method={draft.refundMethod}
          partial={draft.partial}
          amount={draft.refundAmount}
          onMethod={(refundMethod) => update({ refundMethod })}
          onPartial={(partial) => update({ partial })}
          onAmount={(refundAmount) => update({ refundAmount })}
        />
      )}
      {adminPin && <Notice tone="info">Autorizada por un administrador (PIN)</Notice>}
      {failure && <Notice tone="error">{failure}</Notice>}
      <button type="button" className={`${bigAccentButton} w-full`} disabled={busy} onClick={submit}>
        {busy
          ? "Registrando..."
          : exchange
            ? toPay > 0
              ? `Registrar cambio · cobra ${formatCOP(toPay)}`
              : "Registrar cambio"
            : "Registrar devolución"}
      </button>
      {pinAsk && (
        <AdminPinDialog
          reason={pinAsk.reason}
          busy={busy}
          failure={pinAsk.failure}
          onClose={() => setPinAsk(null)}
          askReason={pinAsk.cash}
          onAuthorise={(pin, why) => void send(pin, why)}
        />
      )}
    </div>
  );
}
