import { useId, useState } from "react";
import { PICKUP_TYPES } from "../../../../../shared/constants";
import type { ReturnCreated, Transfer } from "../../../api/transfers-schemas";
import { productName } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { errorText } from "../../../lib/logistics/errors";
import { accentButton, inputClass, labelClass, secondaryButton } from "../../../lib/ui/classes";
import { NumberField, SelectField } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";
import { useCreateReturn } from "./mutations";
import {
  CONDITION_LABEL,
  initialReturn,
  REASON_LABEL,
  type ReturnDraft,
  type ReturnErrors,
  toReturnPayload,
  validateReturn,
} from "./returnForm";

type Props = { transfer: Transfer; onClose: () => void; onCreated: (result: ReturnCreated) => void };

const PICKUP_TEXT = { corredor: "Un corredor la recoge en mi local", vendedor: "Yo la llevo a la bodega" } as const;

/** 'Generar Devolución': details, then a confirmation step; only the confirmation sends it. */
export function ReturnDialog({ transfer: t, onClose, onCreated }: Props) {
  const id = useId();
  const max = t.received_quantity ?? t.quantity;
  const [draft, setDraft] = useState<ReturnDraft>(() => initialReturn(max));
  const [errors, setErrors] = useState<ReturnErrors>({});
  const [step, setStep] = useState<"details" | "confirm">("details");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const idempotency = useIdempotencyKeys();
  const create = useCreateReturn();

  // An error goes away as soon as its field changes.
  const set = <K extends keyof ReturnDraft>(field: K, value: ReturnDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => {
      const key = field === "condition" ? null : (field as keyof ReturnErrors);
      if (!key || !(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };

  function next() {
    const found = validateReturn(draft, max);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep("confirm");
  }

  async function submit() {
    setBusy(true);
    setFailure(null);
    try {
      const payload = toReturnPayload(t.id, draft);
      const created = await create.mutateAsync({ payload, key: idempotency.keyFor(payload) });
      idempotency.renew(payload);
      onCreated(created);
    } catch (error) {
      setFailure(`Error creando devolución: ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (key: keyof ReturnErrors) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[key]}
      </p>
    );

  const footer =
    step === "details" ? (
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancelar
        </button>
        <button type="button" onClick={next} className={accentButton}>
          Continuar
        </button>
      </div>
    ) : (
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={() => setStep("details")} disabled={busy} className={secondaryButton}>
          Atrás
        </button>
        <button type="button" onClick={() => void submit()} disabled={busy} className={accentButton}>
          {busy ? "Enviando..." : "Confirmar Devolución"}
        </button>
      </div>
    );

  return (
    <Modal title={`Generar Devolución #${t.id}`} onClose={onClose} footer={footer}>
      <p className="text-sm text-stone-700">
        {productName(t)} · Talla {t.size} · Recibidos: {max}
      </p>
      <p className="mt-1 text-xs font-semibold text-stone-500">
        Paso {step === "details" ? "1" : "2"} de 2: {step === "details" ? "Detalles" : "Confirmar"}
      </p>
      {step === "details" ? (
        <div className="mt-3 space-y-4">
          <fieldset>
            <legend className={labelClass}>¿Quién recogerá el producto? *</legend>
            <div className="mt-1 space-y-2">
              {PICKUP_TYPES.map((p) => (
                <label key={p} className="flex items-center gap-2 text-sm text-stone-900">
                  <input
                    type="radio"
                    name={`${id}-pickup`}
                    value={p}
                    checked={draft.pickup_type === p}
                    onChange={() => set("pickup_type", p)}
                    className="size-5 accent-orange-600"
                  />
                  {PICKUP_TEXT[p]}
                </label>
              ))}
            </div>
            {fieldError("pickup_type")}
          </fieldset>
          <div>
            <label htmlFor={`${id}-reason`} className={labelClass}>
              Motivo *
            </label>
            <select
              id={`${id}-reason`}
              value={draft.reason}
              onChange={(e) => set("reason", e.target.value as ReturnDraft["reason"])}
              className={inputClass}
            >
              <option value="">Selecciona un motivo</option>
              {Object.entries(REASON_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {fieldError("reason")}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <NumberField
              label="Cantidad *"
              min={1}
              max={max}
              value={draft.quantity}
              onChange={(v) => set("quantity", v)}
            />
            <SelectField
              label="Condición"
              value={draft.condition}
              onChange={(v) => set("condition", v as ReturnDraft["condition"])}
            >
              {Object.entries(CONDITION_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          {fieldError("quantity")}
          <div>
            <label htmlFor={`${id}-notes`} className={labelClass}>
              Notas {draft.reason === "other" ? "*" : <span className="font-normal text-stone-500">(opcional)</span>}
            </label>
            <textarea
              id={`${id}-notes`}
              rows={2}
              maxLength={1000}
              value={draft.notes}
              onChange={(e) => set("notes", e.target.value)}
              className={inputClass}
            />
            {fieldError("notes")}
          </div>
        </div>
      ) : (
        <div className="mt-3 space-y-2 text-sm" data-testid="return-summary">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-stone-600">Recoge</dt>
            <dd className="font-semibold">{draft.pickup_type ? PICKUP_TEXT[draft.pickup_type] : "—"}</dd>
            <dt className="text-stone-600">Motivo</dt>
            <dd className="font-semibold">{draft.reason ? REASON_LABEL[draft.reason] : "—"}</dd>
            <dt className="text-stone-600">Cantidad</dt>
            <dd className="font-semibold">{draft.quantity}</dd>
            <dt className="text-stone-600">Condición</dt>
            <dd className="font-semibold">{CONDITION_LABEL[draft.condition]}</dd>
            {draft.notes.trim() && (
              <>
                <dt className="text-stone-600">Notas</dt>
                <dd>{draft.notes.trim()}</dd>
              </>
            )}
          </dl>
          <p className="text-stone-700">
            Devuelve a {t.source_location_name}. Tiempo estimado:{" "}
            {draft.pickup_type === "corredor" ? "2 a 3 horas con corredor" : "1 a 2 horas si la llevas tú"}.
          </p>
          {failure && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
              {failure}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
