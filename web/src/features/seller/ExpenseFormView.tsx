import { useAtomValue, useSetAtom } from "jotai";
import { type FormEvent, useState } from "react";
import { asksCashCover, EXPENSE_AMOUNT_MIN, EXPENSE_CONCEPT_REQUIRED } from "../../../../shared/messages";
import { ApiError } from "../../api/http";
import { createExpense } from "../../api/seller";
import { formatCOP } from "../../lib/format";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { outboxItem, submitThroughOutbox } from "../../lib/outbox/submit";
import { errorMessage, failureText } from "../../lib/query/useRemoteData";
import { sessionAtom } from "../../lib/session";
import { bigAccentButton, linkButton } from "../../lib/ui/classes";
import { NotesField, NumberField, TextField } from "../../lib/ui/form";
import { Notice } from "../../lib/ui/Notice";
import { AdminPinDialog } from "./AdminPinDialog";
import { ExpensePreview } from "./ExpensePreview";
import { SAVED_ON_PHONE } from "./outbox/actions";
import { ReceiptPicker } from "./ReceiptPicker";
import { SectionCard } from "./SectionCard";
import { parseNumber } from "./saleForm";
import { flashAtom } from "./state";
import type { Go } from "./views";

export const CONCEPT_REQUIRED = EXPENSE_CONCEPT_REQUIRED;
export const AMOUNT_TOO_LOW = EXPENSE_AMOUNT_MIN;
/**
 * 'Registrar Nuevo Gasto': concept, amount (≥ 0.01), notes and receipt, with a live preview. An expense
 * the till's drawer cannot pay is refused (409); an administrador's PIN with a reason then covers it,
 * sent straight to the server (the PIN never goes into the outbox on the phone).
 */
export function ExpenseFormView({ go }: { go: Go }) {
  const setFlash = useSetAtom(flashAtom);
  const user = useAtomValue(sessionAtom);
  const [concept, setConcept] = useState("");
  const [amount, setAmount] = useState("");
  const [notes, setNotes] = useState("");
  const [receipt, setReceipt] = useState<File | null>(null);
  // a field's own error goes as soon as the field is valid; a server refusal stays until the next try
  const [error, setErrorState] = useState<{ message: string; field?: "concept" | "amount" } | null>(null);
  const setError = (message: string | null, field?: "concept" | "amount") =>
    setErrorState(message === null ? null : { message, ...(field ? { field } : {}) });
  const [busy, setBusy] = useState(false);
  const [pinAsk, setPinAsk] = useState<{ reason: string; failure: string | null } | null>(null);
  // Kept while the fields stay the same, so a retry after a lost answer does not record it twice.
  const idempotency = useIdempotencyKeys();

  const recorded = (answer: { concept: string; amount: number }) => {
    setFlash({
      tone: "success",
      text: `Gasto registrado exitosamente: ${answer.concept} por ${formatCOP(answer.amount)}`,
    });
    go("dashboard", { replace: true });
  };
  const current = () => ({ concept: concept.trim(), amount: parseNumber(amount), notes: notes.trim(), receipt });

  async function authorise(pin: string, why: string | null) {
    const expense = current();
    setBusy(true);
    try {
      // its own key: the refused try recorded nothing, and a retry of this one must not record it twice
      const key = idempotency.keyFor({ ...expense, covered: true });
      const answer = await createExpense(expense, key, { admin_pin: pin, authorization_reason: why ?? "" });
      idempotency.renew({ ...expense, covered: true });
      setPinAsk(null);
      recorded(answer.expense);
    } catch (err) {
      setPinAsk((ask) => ask && { ...ask, failure: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseNumber(amount);
    if (!concept.trim()) return setError(CONCEPT_REQUIRED, "concept");
    if (!(value >= 0.01)) return setError(AMOUNT_TOO_LOW, "amount");
    setError(null);
    setBusy(true);
    try {
      const expense = current();
      const key = idempotency.keyFor(expense);
      if (user) {
        const result = await submitThroughOutbox(outboxItem({ kind: "expense", key, payload: expense }, user.id));
        idempotency.renew(expense);
        if (result.kind === "sent" && result.delivered.kind === "expense") return recorded(result.delivered);
        setFlash({ tone: "info", text: `${SAVED_ON_PHONE}. Gasto: ${expense.concept} por ${formatCOP(value)}` });
        go("dashboard", { replace: true });
      } else {
        const answer = await createExpense(expense, key);
        idempotency.renew(expense);
        recorded(answer.expense);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && asksCashCover(errorMessage(err)))
        setPinAsk({ reason: errorMessage(err), failure: null });
      else setError(failureText("Error al registrar el gasto", err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem] lg:items-start">
      <form noValidate onSubmit={(e) => void handleSubmit(e)}>
        <SectionCard
          title="Registrar Nuevo Gasto"
          action={
            <button type="button" onClick={() => go("expenses-list")} className={linkButton}>
              Ver gastos del día
            </button>
          }
        >
          <div className="space-y-4">
            <TextField
              label="Concepto *"
              value={concept}
              maxLength={200}
              onChange={(v) => {
                setConcept(v);
                if (error?.field === "concept" && v.trim()) setError(null);
              }}
              aria-invalid={error?.field === "concept" || undefined}
              placeholder="Ej. Bolsas para empaque"
            />
            <NumberField
              decimal
              label="Monto *"
              min={0.01}
              value={amount}
              onChange={(v) => {
                setAmount(v);
                if (error?.field === "amount" && parseNumber(v) >= 0.01) setError(null);
              }}
              aria-invalid={error?.field === "amount" || undefined}
              placeholder="0"
            />
            <NotesField value={notes} onChange={setNotes} />
            <ReceiptPicker label="Foto del recibo (opcional)" file={receipt} onChange={setReceipt} />
            {error && <Notice tone="error">{error.message}</Notice>}
            <button type="submit" disabled={busy} className={`${bigAccentButton} w-full`}>
              {busy ? "Registrando..." : "Registrar Gasto"}
            </button>
          </div>
        </SectionCard>
      </form>
      <ExpensePreview concept={concept} amount={amount} notes={notes} receipt={receipt} />
      {pinAsk && (
        <AdminPinDialog
          reason={pinAsk.reason}
          busy={busy}
          failure={pinAsk.failure}
          askReason
          onClose={() => setPinAsk(null)}
          onAuthorise={(pin, why) => void authorise(pin, why)}
        />
      )}
    </div>
  );
}
