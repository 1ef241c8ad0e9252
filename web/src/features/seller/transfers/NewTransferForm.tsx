import { useAtomValue } from "jotai";
import { type ReactNode, useId, useState } from "react";
import { fetchLocations, requestSingleFoot, requestTransfer } from "../../../api/transfers";
import { LocationsSchema } from "../../../api/transfers-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { errorText } from "../../../lib/logistics/errors";
import { outboxItem, submitThroughOutbox } from "../../../lib/outbox/submit";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { sessionAtom } from "../../../lib/session";
import { accentButton, cardClass, inputClass, labelClass } from "../../../lib/ui/classes";
import { FormFailure, NumberField, SelectField, TextAreaField } from "../../../lib/ui/form";
import {
  type DraftErrors,
  draftFromPrefill,
  emptyTransfer,
  type FootChoice,
  hasFootOptions,
  type TransferDraft,
  toTransferCall,
  validateTransfer,
} from "./newTransferForm";
import { ScannerBanner } from "./ScannerBanner";
import type { ScannerPrefill } from "./search";

/** `onCreated(null)`: kept on the phone, sent when the connection comes back. */
type Props = { prefill: ScannerPrefill | null; onCreated: (transferId: number | null) => void };

const PURPOSES = [
  { value: "cliente", label: "Cliente (urgente)" },
  { value: "restock", label: "Restock (normal)" },
];
const PICKUPS = [
  { value: "corredor", label: "Corredor" },
  { value: "vendedor", label: "Vendedor (yo recojo)" },
];

/** 'Nueva Solicitud': a pair (or, from a scan, a single foot) from another location to this store. */
export function NewTransferForm({ prefill, onCreated }: Props) {
  const id = useId();
  const user = useAtomValue(sessionAtom);
  const ownLocation = user?.location_id ?? null;
  const [draft, setDraft] = useState<TransferDraft>(() => (prefill ? draftFromPrefill(prefill) : emptyTransfer()));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const idempotency = useIdempotencyKeys();
  const locations = useRemoteData({
    area: "transfers",
    name: "seller.locations",
    schema: LocationsSchema,
    load: fetchLocations,
  });
  // Not the seller's own location: a transfer always comes from somewhere else.
  const sources = (locations.data ?? []).filter((l) => l.id !== ownLocation);
  const options = hasFootOptions(prefill) ? prefill?.available_options : null;

  const set = <K extends keyof TransferDraft>(field: K, value: TransferDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field as keyof DraftErrors];
      return next;
    });
  };

  async function submit() {
    const found = validateTransfer(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const call = toTransferCall(draft, ownLocation);
      const key = idempotency.keyFor(call);
      if (user) {
        // kept on the phone first: a request made without a connection is sent when it comes back
        const item =
          call.kind === "single_foot"
            ? outboxItem({ kind: "single-foot", key, payload: call.payload }, user.id)
            : outboxItem({ kind: "transfer", key, payload: call.payload }, user.id);
        const result = await submitThroughOutbox(item);
        idempotency.renew(call);
        setDraft(emptyTransfer());
        onCreated(result.kind === "sent" && result.delivered.kind === "transfer" ? result.delivered.transferId : null);
      } else {
        const created =
          call.kind === "single_foot"
            ? await requestSingleFoot(call.payload, key)
            : await requestTransfer(call.payload, key);
        idempotency.renew(call);
        setDraft(emptyTransfer());
        onCreated(created.transfer_request_id);
      }
    } catch (error) {
      setFailure(`Error: ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const text = (field: "reference" | "brand" | "model" | "size", label: string, placeholder?: string) => (
    <Field id={`${id}-${field}`} label={`${label} *`} error={errors[field]}>
      <input
        id={`${id}-${field}`}
        value={draft[field]}
        onChange={(e) => set(field, e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize={field === "reference" ? "characters" : "sentences"}
        aria-invalid={errors[field] ? true : undefined}
        className={inputClass}
      />
    </Field>
  );

  const footOption = (value: FootChoice, label: string, available: boolean, quantity: number) => (
    <label
      key={value}
      className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-sm ${available ? "border-stone-300" : "border-stone-200 text-stone-400"}`}
    >
      <input
        type="radio"
        name={`${id}-foot`}
        value={value}
        checked={draft.foot === value}
        disabled={!available}
        onChange={() => set("foot", value)}
        className="size-5 accent-orange-600"
      />
      <span className="flex-1">{label}</span>
      <span className="font-semibold tabular-nums">{quantity} disp.</span>
    </label>
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className={`${cardClass} space-y-4`}
      aria-label="Nueva Solicitud"
    >
      {prefill && <ScannerBanner prefill={prefill} />}
      <FormFailure message={failure} />
      <div className="grid grid-cols-2 gap-3">
        <div className="col-span-2">{text("reference", "Código de referencia", "Ej. NIKEAIRM-01")}</div>
        {text("brand", "Marca")}
        {text("model", "Modelo")}
        {text("size", "Talla", "Ej. 40")}
        <NumberField label="Cantidad *" min={1} value={draft.quantity} onChange={(v) => set("quantity", v)} />
      </div>
      {options && (
        <fieldset>
          <legend className={labelClass}>¿Qué necesitas?</legend>
          <div className="mt-1 space-y-2">
            {footOption("pair", "Par completo", options.pairs_available, options.pairs_quantity)}
            {footOption("left", "Pie izquierdo", options.left_feet_available, options.left_feet_quantity)}
            {footOption("right", "Pie derecho", options.right_feet_available, options.right_feet_quantity)}
          </div>
          {draft.foot !== "pair" && (
            <p className="mt-1 text-sm text-stone-600">Se pedirá un solo pie para formar par (prioridad alta).</p>
          )}
        </fieldset>
      )}
      <Field id={`${id}-source`} label="Ubicación de origen *" error={errors.source}>
        <select
          id={`${id}-source`}
          value={draft.source}
          onChange={(e) => set("source", e.target.value)}
          className={inputClass}
        >
          <option value="">{locations.data === null ? "Cargando ubicaciones..." : "Selecciona una ubicación"}</option>
          {sources.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.type === "bodega" ? "Bodega" : "Local"})
            </option>
          ))}
        </select>
      </Field>
      {locations.status === "error" && locations.data === null && (
        <p className="text-sm text-amber-800">
          No se pudieron cargar las ubicaciones.{" "}
          <button type="button" onClick={() => locations.reload("retry")} className="font-semibold underline">
            Reintentar
          </button>
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Propósito"
          value={draft.purpose}
          disabled={draft.foot !== "pair"}
          onChange={(v) => set("purpose", v as TransferDraft["purpose"])}
          options={PURPOSES}
        />
        <SelectField
          label="¿Quién recoge?"
          value={draft.pickup}
          onChange={(v) => set("pickup", v as TransferDraft["pickup"])}
          options={PICKUPS}
        />
      </div>
      <TextAreaField
        label="Notas (opcional)"
        rows={2}
        maxLength={1000}
        value={draft.notes}
        onChange={(v) => set("notes", v)}
      />
      <button type="submit" disabled={busy} className={`${accentButton} w-full`}>
        {busy ? "Enviando solicitud..." : "Solicitar Transferencia"}
      </button>
    </form>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {error && <p className="mt-1 text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
