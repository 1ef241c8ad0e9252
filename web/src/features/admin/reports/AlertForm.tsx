import { type FormEvent, useEffect, useState } from "react";
import type { NewInventoryAlert } from "../../../api/admin";
import type { AvailableLocation } from "../../../api/admin-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { failureText } from "../../../lib/query/useRemoteData";
import { accentButton } from "../../../lib/ui/classes";
import { FlashNotice } from "../../../lib/ui/Flash";
import { CheckboxField, NumberField, namedOptions, SelectField, TextField } from "../../../lib/ui/form";
import { useCreateInventoryAlert } from "../mutations";

type Props = { locations: readonly AvailableLocation[] };

/** The spec's defaults for a new low-stock alert: first location, inventario_minimo, threshold 10, active. */
export const ALERT_DEFAULTS = { alert_type: "inventario_minimo", threshold: "10", active: true } as const;

const ALERT_TYPES = [{ value: "inventario_minimo", label: "Inventario mínimo" }] as const;

/** 'Crear alerta de stock bajo' (the hook reads the list of alerts again). */
export function AlertForm({ locations }: Props) {
  const [locationId, setLocationId] = useState("");
  const [alertType, setAlertType] = useState<string>(ALERT_DEFAULTS.alert_type);
  const [threshold, setThreshold] = useState<string>(ALERT_DEFAULTS.threshold);
  const [reference, setReference] = useState("");
  const [emails, setEmails] = useState("");
  const [active, setActive] = useState<boolean>(ALERT_DEFAULTS.active);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKeys();
  const create = useCreateInventoryAlert();

  // Prefilled with the first location once the list arrives.
  useEffect(() => {
    if (!locationId && locations[0]) setLocationId(String(locations[0].id));
  }, [locations, locationId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(threshold);
    if (!locationId)
      return setMessage({ tone: "error", text: "Error al configurar alerta: La ubicación es requerida" });
    if (!Number.isInteger(value) || value < 0) {
      return setMessage({ tone: "error", text: "Error al configurar alerta: El umbral debe ser un número entero" });
    }
    setBusy(true);
    setMessage(null);
    try {
      const alert: NewInventoryAlert = {
        location_id: Number(locationId),
        alert_type: alertType,
        threshold_value: value,
        product_reference: reference.trim() || null,
        notification_emails: emails
          .split(/[,;\s]+/)
          .map((e) => e.trim())
          .filter(Boolean),
        is_active: active,
      };
      await create.mutateAsync({ alert, key: idempotency.keyFor(alert) });
      idempotency.renew(alert);
      setMessage({ tone: "success", text: "Alerta de inventario configurada exitosamente" });
      setReference("");
      setEmails("");
    } catch (error) {
      setMessage({
        tone: "error",
        text: failureText("Error al configurar alerta", error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Ubicación *"
          value={locationId}
          onChange={setLocationId}
          placeholder="Selecciona"
          options={namedOptions(locations)}
        />
        <SelectField label="Tipo de alerta" value={alertType} onChange={setAlertType} options={ALERT_TYPES} />
        <NumberField label="Umbral (pares) *" value={threshold} onChange={setThreshold} />
        <TextField
          label="Referencia de producto (opcional)"
          hint="Vacío = todos los productos"
          value={reference}
          maxLength={60}
          onChange={setReference}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Correos de notificación (opcional)"
            hint="Separados por coma"
            value={emails}
            onChange={setEmails}
          />
        </div>
      </div>
      <CheckboxField label="Alerta activa" checked={active} onChange={setActive} />
      <FlashNotice flash={message} onClose={() => setMessage(null)} />
      <button type="submit" disabled={busy} className={accentButton}>
        {busy ? "Creando..." : "Crear alerta"}
      </button>
    </form>
  );
}
