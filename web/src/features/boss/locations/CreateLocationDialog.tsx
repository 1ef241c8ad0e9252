import { useId, useState } from "react";
import { OPENING_HOURS_MAX } from "../../../../../shared/contact";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { inputClass, primaryButton, secondaryButton } from "../../../lib/ui/classes";
import { Field } from "../../../lib/ui/Field";
import { NumberField, TextAreaField, TextField } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { useCreateLocation } from "../mutations";
import {
  canSubmit,
  capacityError,
  createErrorMessage,
  EMPTY_LOCATION,
  type LocationDraft,
  toPayload,
  whatsappError,
} from "./locationForm";

type Props = { onClose: () => void; onCreated: () => void };

/**
 * 'Nueva ubicación': name required, type local (default) or bodega, capacity only for a bodega, opening
 * hours and WhatsApp only for a store (the storefront's contact page shows them).
 */
export function CreateLocationDialog({ onClose, onCreated }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<LocationDraft>(EMPTY_LOCATION);
  const [error, setError] = useState<string | null>(null);
  const creation = useCreateLocation();
  const busy = creation.isPending;
  const idempotency = useIdempotencyKeys();
  const set = <K extends keyof LocationDraft>(key: K, value: LocationDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const capacityProblem = capacityError(draft);
  // said once something is typed; the button waits for a usable number
  const whatsappProblem = whatsappError(draft);

  const submit = async () => {
    if (!canSubmit(draft) || busy) return;
    setError(null);
    try {
      const location = toPayload(draft);
      await creation.mutateAsync({ location, key: idempotency.keyFor(location) });
      idempotency.renew(location);
      onCreated();
    } catch (e) {
      setError(createErrorMessage(e));
    }
  };

  return (
    <Modal title="Nueva ubicación" onClose={onClose} wide>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        {error && <Notice tone="error">{error}</Notice>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nombre *" value={draft.name} onChange={(v) => set("name", v)} maxLength={120} required />
          <Field id={`${id}-type`} label="Tipo">
            <select
              id={`${id}-type`}
              value={draft.type}
              // A store has no capacity: switching back to local forgets what was typed.
              onChange={(e) => {
                const type = e.target.value === "bodega" ? "bodega" : "local";
                setDraft((d) =>
                  type === "bodega" ? { ...d, type, opening_hours: "", whatsapp: "" } : { ...d, type, capacity: "" },
                );
              }}
              className={inputClass}
            >
              <option value="local">Local de venta</option>
              <option value="bodega">Bodega</option>
            </select>
          </Field>
          <TextField label="Dirección" value={draft.address} onChange={(v) => set("address", v)} maxLength={200} />
          <TextField label="Teléfono" type="tel" value={draft.phone} onChange={(v) => set("phone", v)} maxLength={40} />
          <TextField
            label="Encargado"
            value={draft.manager_name}
            onChange={(v) => set("manager_name", v)}
            maxLength={120}
          />
          {draft.type === "local" && (
            <>
              <TextField
                label="Horario de atención"
                placeholder="Lun–Sáb 9:00–19:00 · Dom 10:00–17:00"
                value={draft.opening_hours}
                onChange={(v) => set("opening_hours", v)}
                maxLength={OPENING_HOURS_MAX}
              />
              <TextField
                label="WhatsApp"
                type="tel"
                inputMode="tel"
                placeholder="300 123 4567"
                value={draft.whatsapp}
                onChange={(v) => set("whatsapp", v)}
                error={whatsappProblem ?? undefined}
                hint="Opcional; celular colombiano"
                maxLength={20}
              />
            </>
          )}
          {draft.type === "bodega" && (
            <NumberField
              id={`${id}-capacity`}
              label="Capacidad (pares)"
              error={capacityProblem ?? undefined}
              hint="Opcional; solo para bodegas"
              value={draft.capacity}
              onChange={(v) => set("capacity", v)}
              aria-invalid={capacityProblem ? true : undefined}
              aria-describedby={capacityProblem ? `${id}-capacity-error` : undefined}
            />
          )}
        </div>
        <TextAreaField label="Notas" value={draft.notes} onChange={(v) => set("notes", v)} maxLength={1000} rows={3} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className={primaryButton} disabled={!canSubmit(draft) || busy}>
            {busy ? "Creando..." : "Crear ubicación"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
