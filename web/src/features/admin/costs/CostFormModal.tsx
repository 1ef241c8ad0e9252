import { type FormEvent, useId, useState } from "react";
import { createCost } from "../../../api/admin";
import type { AvailableLocation } from "../../../api/admin-schemas";
import {
  CATEGORIES,
  COST_DEFAULTS,
  COST_MESSAGES,
  COST_NATURES,
  type CostErrors,
  type CostValues,
  costTypeLabel,
  FREQUENCIES,
  toNewCost,
  validateCost,
  withNature,
} from "../../../lib/company/costForm";
import { bogotaToday } from "../../../lib/company/dates";
import { formatCOP } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { accentButton, inputClass, secondaryButton } from "../../../lib/ui/classes";
import { described, Field } from "../../../lib/ui/Field";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";

type Props = {
  locations: readonly AvailableLocation[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

/** 'Registrar costo': type fijo/variable (changing it clears the category), category, amount, frequency, location, due date. */
export function CostFormModal({ locations, onClose, onCreated }: Props) {
  const id = useId();
  const [values, setValues] = useState<CostValues>(COST_DEFAULTS);
  const [errors, setErrors] = useState<CostErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKeys();

  const set = <K extends keyof CostValues>(key: K, value: CostValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCost(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const cost = toNewCost(values, bogotaToday());
      const answer = await createCost(cost, idempotency.keyFor(cost));
      idempotency.renew(cost);
      if (answer.id === null || answer.success === false) throw new Error(COST_MESSAGES.notSuccess);
      onCreated(
        `Costo registrado exitosamente: #${answer.id} · ${answer.description} · ${formatCOP(answer.amount)} · ${costTypeLabel(answer.cost_type)}`,
      );
    } catch (error) {
      setFailure(`Error al registrar costo: ${error instanceof Error ? error.message : "Error desconocido"}`);
      setBusy(false);
    }
  }

  const categories = values.nature ? CATEGORIES[values.nature] : [];
  return (
    <Modal title="Registrar costo operativo" onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${id}-nature`} label="Tipo de costo *" error={errors.nature}>
            <select
              id={`${id}-nature`}
              value={values.nature}
              onChange={(e) => {
                setValues((v) => withNature(v, e.target.value as CostValues["nature"]));
                setErrors((x) => ({ ...x, nature: undefined, category: undefined }));
              }}
              className={inputClass}
              {...described(`${id}-nature`, errors.nature)}
            >
              <option value="">Selecciona</option>
              {COST_NATURES.map((n) => (
                <option key={n.value} value={n.value}>
                  {n.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-category`} label="Categoría *" error={errors.category}>
            <select
              id={`${id}-category`}
              value={values.category}
              onChange={(e) => set("category", e.target.value)}
              className={inputClass}
              {...described(`${id}-category`, errors.category)}
            >
              <option value="">Selecciona</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={`${id}-description`} label="Descripción *" error={errors.description}>
          <input
            id={`${id}-description`}
            value={values.description}
            maxLength={300}
            onChange={(e) => set("description", e.target.value)}
            className={inputClass}
            {...described(`${id}-description`, errors.description)}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${id}-amount`} label="Monto *" error={errors.amount}>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1000}
              value={values.amount}
              onChange={(e) => set("amount", e.target.value)}
              className={inputClass}
              {...described(`${id}-amount`, errors.amount)}
            />
          </Field>
          <Field id={`${id}-frequency`} label="Frecuencia *" error={errors.frequency}>
            <select
              id={`${id}-frequency`}
              value={values.frequency}
              onChange={(e) => set("frequency", e.target.value as CostValues["frequency"])}
              className={inputClass}
              {...described(`${id}-frequency`, errors.frequency)}
            >
              {FREQUENCIES.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={`${id}-location`} label="Ubicación *" error={errors.location_id}>
          <select
            id={`${id}-location`}
            value={values.location_id}
            onChange={(e) => set("location_id", e.target.value)}
            className={inputClass}
            {...described(`${id}-location`, errors.location_id)}
          >
            <option value="">Selecciona una ubicación</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-due`} label="Fecha de vencimiento (opcional)">
          <input
            id={`${id}-due`}
            type="date"
            value={values.due_date}
            onChange={(e) => set("due_date", e.target.value)}
            className={inputClass}
          />
        </Field>
        {failure && <Notice tone="error">{failure}</Notice>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancelar
          </button>
          <button type="submit" disabled={busy} className={accentButton}>
            {busy ? "Registrando..." : "Registrar costo"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
