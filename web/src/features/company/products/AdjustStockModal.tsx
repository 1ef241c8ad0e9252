import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  UNIT_KIND_LABELS,
  UNIT_KINDS,
  type UnitKind,
} from "../../../../../shared/constants";
import { countLabel } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { type FieldErrors, FormModal, NumberField, SelectField, TextAreaField, useForm } from "../../../lib/ui/form";
import { useAdjustStock, useMergeFeet, useSplitPairs } from "./mutations";

type Units = { pairs: number; left: number; right: number; exhibition: number };

/** Each kind of unit as a counted noun: "Solo hay 1 par", "Solo hay 2 pies izquierdos". */
const UNIT_NOUNS: Record<UnitKind, [string, string]> = {
  pairs: ["par", "pares"],
  left: ["pie izquierdo", "pies izquierdos"],
  right: ["pie derecho", "pies derechos"],
  exhibition: ["unidad en exhibición", "unidades en exhibición"],
};

export type AdjustTarget = {
  productId: number;
  reference: string;
  size: string;
  locationId: number;
  locationName: string;
  current: Units;
};

/** What the dialog does: adjust units; split pairs whose one shoe is damaged or lost; pair single feet. */
type Action = "adjust" | "split" | "merge";

type Values = {
  action: Action;
  direction: "add" | "remove";
  quantity: string;
  unit_kind: UnitKind;
  reason: AdjustmentReason | "";
  write_off: "left" | "right";
  notes: string;
};

const SPLIT_REASONS = ["dano", "perdida_robo"] as const satisfies readonly AdjustmentReason[];

function validate(v: Values, current: Units): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  if (v.action === "merge") return errors;
  const n = Number(v.quantity);
  if (!Number.isInteger(n) || n < 1) errors.quantity = "Indica una cantidad entera mayor que cero";
  if (!v.reason) errors.reason = "Indica el motivo";
  if (v.action === "split") {
    if (!SPLIT_REASONS.some((r) => r === v.reason)) errors.reason = "Indica el motivo: daño o pérdida";
    if (!errors.quantity && n > current.pairs)
      errors.quantity = `Solo hay ${countLabel(current.pairs, "par", "pares")}`;
    return errors;
  }
  const moving = v.reason === "paso_exhibicion";
  const takes = moving ? (v.direction === "add" ? "pairs" : "exhibition") : v.unit_kind;
  if (!errors.quantity && (moving || v.direction === "remove") && n > current[takes]) {
    const [one, many] = UNIT_NOUNS[takes];
    errors.quantity = `Solo hay ${countLabel(current[takes], one, many)}`;
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
  const merge = useMergeFeet();
  const splitting = useSplitPairs();
  const adjusting = useAdjustStock();
  const cell = { product_id: target.productId, location_id: target.locationId, size: target.size };
  const where = `${target.reference} talla ${target.size} en ${target.locationName}`;
  const form = useForm<Values>({
    initial: {
      action: "adjust",
      direction: "remove",
      quantity: "1",
      unit_kind: "pairs",
      reason: "",
      write_off: "left",
      notes: "",
    },
    validate: (v) => validate(v, target.current),
    failurePrefix: "Error al ajustar el stock",
    submit: async (v) => {
      const n = Number(v.quantity);
      const notes = v.notes.trim() || null;
      if (v.action === "merge") {
        const merged = await idempotency.send(cell, (key) => merge.mutateAsync({ cell, key }));
        onDone(`${countLabel(merged.formed, "par formado", "pares formados")}: ${where}`);
        return;
      }
      if (v.action === "split") {
        const split = {
          ...cell,
          quantity: n,
          write_off: v.write_off,
          reason: v.reason === "perdida_robo" ? ("perdida_robo" as const) : ("dano" as const),
          notes,
        };
        await idempotency.send(split, (key) => splitting.mutateAsync({ split, key }));
        onDone(`Par separado: ${where}`);
        return;
      }
      const moving = v.reason === "paso_exhibicion";
      const adjustment = {
        ...cell,
        unit_kind: moving ? ("exhibition" as const) : v.unit_kind,
        delta: v.direction === "add" ? n : -n,
        reason: v.reason as AdjustmentReason,
        notes,
      };
      await idempotency.send(adjustment, (key) => adjusting.mutateAsync({ adjustment, key }));
      onDone(`Ajuste registrado: ${where}`);
    },
  });
  const { values, bind } = form;
  const moving = values.reason === "paso_exhibicion";
  const canMerge = target.current.left > 0 && target.current.right > 0;
  const actions = [
    { value: "adjust", label: "Ajustar unidades" },
    ...(target.current.pairs > 0 ? [{ value: "split", label: "Separar par (un zapato dañado o perdido)" }] : []),
    ...(canMerge ? [{ value: "merge", label: "Formar pares con los pies sueltos" }] : []),
  ];
  const submitLabel =
    values.action === "merge" ? "Formar pares" : values.action === "split" ? "Separar par" : "Registrar ajuste";
  return (
    <FormModal title={`Ajustar stock · talla ${target.size}`} onClose={onClose} form={form} submitLabel={submitLabel}>
      <p className="text-sm text-stone-600">
        {target.reference} en {target.locationName}: {countLabel(target.current.pairs, "par", "pares")},{" "}
        {target.current.left} izq., {target.current.right} der., {target.current.exhibition} en exhibición.
      </p>
      {actions.length > 1 && <SelectField label="Qué hacer" {...bind("action")} options={actions} />}
      {values.action === "merge" && (
        <p className="text-sm text-stone-700">
          Se formarán {Math.min(target.current.left, target.current.right)} par(es) con los pies izquierdos y derechos
          sueltos de esta ubicación.
        </p>
      )}
      {values.action === "split" && (
        <>
          <p className="text-sm text-stone-700">
            El pie dañado o perdido se da de baja como ajuste; el otro queda suelto para completar un par.
          </p>
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label="Pie que se da de baja"
              {...bind("write_off")}
              options={[
                { value: "left", label: "Izquierdo" },
                { value: "right", label: "Derecho" },
              ]}
            />
            <NumberField label="Pares *" min={1} {...bind("quantity")} />
          </div>
          <SelectField
            label="Motivo *"
            {...bind("reason")}
            placeholder="Selecciona el motivo"
            options={SPLIT_REASONS.map((r) => ({ value: r, label: ADJUSTMENT_REASON_LABELS[r] }))}
          />
          <TextAreaField label="Nota" {...bind("notes")} rows={2} />
        </>
      )}
      {values.action === "adjust" && (
        <>
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
        </>
      )}
    </FormModal>
  );
}
