import { useId, useState } from "react";
import { DISCOUNT_FIELDS_REQUIRED } from "../../../../shared/messages";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { failureText } from "../../lib/query/useRemoteData";
import { secondaryButton } from "../../lib/ui/classes";
import { NumberField, TextField } from "../../lib/ui/form";
import { Notice } from "../../lib/ui/Notice";
import { useRequestDiscount } from "./mutations";
import { parseNumber } from "./saleForm";

export const DISCOUNT_NEEDS = DISCOUNT_FIELDS_REQUIRED;
/** Asks an administrador for a discount; it can be applied once approved (the hook reads the requests again). */
export function DiscountRequestForm() {
  const id = useId();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const idempotency = useIdempotencyKeys();
  const ask = useRequestDiscount();

  async function handleSubmit() {
    const value = parseNumber(amount);
    if (!(value > 0) || reason.trim() === "") {
      setMessage({ tone: "error", text: DISCOUNT_NEEDS });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const request = { amount: value, reason: reason.trim() };
      const answer = await ask.mutateAsync({ ...request, key: idempotency.keyFor(request) });
      idempotency.renew(request);
      setMessage({
        tone: "success",
        text: `Solicitud #${answer.discount_id} enviada. Queda pendiente hasta que un administrador la apruebe.`,
      });
      setAmount("");
      setReason("");
    } catch (error) {
      setMessage({
        tone: "error",
        text: failureText("Error al solicitar descuento", error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    // A nested <form> is not allowed inside the sale form, so this group is sent by its own button.
    <fieldset className="rounded-lg border border-dashed border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-800">Solicitar un nuevo descuento</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <NumberField decimal id={`${id}-amount`} label="Monto del descuento" value={amount} onChange={setAmount} />
        <TextField
          label="Razón del descuento"
          className="sm:col-span-2"
          value={reason}
          onChange={setReason}
          placeholder="Ej. cliente frecuente"
        />
      </div>
      <button type="button" onClick={() => void handleSubmit()} disabled={busy} className={`${secondaryButton} mt-3`}>
        {busy ? "Enviando..." : "Solicitar Descuento"}
      </button>
      {message && (
        <div className="mt-3">
          <Notice tone={message.tone}>{message.text}</Notice>
        </div>
      )}
    </fieldset>
  );
}
