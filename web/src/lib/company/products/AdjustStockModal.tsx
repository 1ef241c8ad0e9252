import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  UNIT_KIND_LABELS,
  UNIT_KINDS,
  type UnitKind,
} from "../../../../../shared/constants";
import { adjustStock } from "../../../api/catalogue";
import { useIdempotencyKeys } from "../../idempotency";
import { type FieldErrors, FormModal, NumberField, SelectField, TextAreaField, useForm } from "../../ui/form";

type Units = { pairs: number; left: number; right: number; exhibition: number };

export type AdjustTarget = {
  productId: number;
  reference: string;
  size: string;
  locationId: number;
  locationName: string;
  current: Units;
};

type Values = {
  direction: "add" | "remove";
  quantity: string;
  unit_kind: UnitKind;
  reason: AdjustmentReason | "";
  notes: string;
};

function validate(v: Values, current: Units): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  const n = Number(v.quantity);
  if (!Number.isInteger(n) || n < 1) errors.quantity = "Indica una cantidad entera mayor que cero";
  if (!v.reason) errors.reason = "Indica el motivo";
  const moving = v.reason === "paso_exhibicion";
  const takes = moving ? (v.direction === "add" ? "pairs" : "exhibition") : v.unit_kind;
  if (!errors.quantity && (moving || v.direction === "remove") && n > current[takes]) {
    errors.quantity = `Solo hay ${current[takes]} (${UNIT_KIND_LABELS[takes].toLowerCase()})`;
  }
  return errors;
}

/** Ajustar stock of one size at one location: add or take units of one kind, with a reason. */
export function AdjustStockModal({
  target,
  onClose,
  onDone,
}: {
  target: AdjustTarget;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const idempotency = useIdempotencyKeys();
  const form = useForm<Values>({
    initial: { direction: "remove", quantity: "1", unit_kind: "pairs", reason: "", notes: "" },
    validate: (v) => validate(v, target.current),
    failurePrefix: "Error al ajustar el stock",
    submit: async (v) => {
      const moving = v.reason === "paso_exhibicion";
      const n = Number(v.quantity);
      const adjustment = {
        product_id: target.productId,
        location_id: target.locationId,
        size: target.size,
        unit_kind: moving ? ("exhibition" as const) : v.unit_kind,
        delta: v.direction === "add" ? n : -n,
        reason: v.reason as AdjustmentReason,
        notes: v.notes.trim() || null,
      };
      await idempotency.send(adjustment, (key) => adjustStock(adjustment, key));
      onDone(`Ajuste registrado: ${target.reference} talla ${target.size} en ${target.locationName}`);
    },
  });
  const { values, bind } = form;
  const moving = values.reason === "paso_exhibicion";
  return (
    <FormModal
      title={`Ajustar stock · talla ${target.size}`}
      onClose={onClose}
      form={form}
      submitLabel="Registrar ajuste"
    >
      <p className="text-sm text-stone-600">
        {target.reference} en {target.locationName}: {target.current.pairs} pares, {target.current.left} izq.,{" "}
        {target.current.right} der., {target.current.exhibition} en exhibición.
      </p>
      <SelectField
        label="Motivo *"
        {...bind("reason")}
        placeholder="Selecciona el motivo"
        options={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: ADJUSTMENT_REASON_LABELS[r] }))}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Operación"
          {...bind("direction")}
          options={
            moving
              ? [
                  { value: "add", label: "Pares → exhibición" },
                  { value: "remove", label: "Exhibición → pares" },
                ]
              : [
                  { value: "remove", label: "Quitar" },
                  { value: "add", label: "Agregar" },
                ]
          }
        />
        <NumberField label="Cantidad *" min={1} {...bind("quantity")} />
      </div>
      {!moving && (
        <SelectField
          label="Tipo de unidad"
          {...bind("unit_kind")}
          options={UNIT_KINDS.map((k) => ({ value: k, label: UNIT_KIND_LABELS[k] }))}
        />
      )}
      <TextAreaField label="Nota" {...bind("notes")} rows={2} />
    </FormModal>
  );
}
