import type { AvailableLocation } from "../../../api/admin-schemas";
import { formatCOP } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { FormModal, NumberField, namedOptions, SelectField, TextField, useForm } from "../../../lib/ui/form";
import {
  CATEGORIES,
  COST_DEFAULTS,
  COST_MESSAGES,
  COST_NATURES,
  type CostValues,
  costTypeLabel,
  FREQUENCIES,
  toNewCost,
  validateCost,
  withNature,
} from "../../company/costForm";
import { bogotaToday } from "../../company/dates";
import { useCreateCost } from "../mutations";

type Props = {
  locations: readonly AvailableLocation[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

/**
 * 'Registrar costo': type fijo/variable (changing it clears the category), category, amount, frequency,
 * location, start and due dates (an already overdue bill can be entered: its start defaults to its due date).
 */
export function CostFormModal({ locations, onClose, onCreated }: Props) {
  const idempotency = useIdempotencyKeys();
  const create = useCreateCost();
  const form = useForm<CostValues>({
    initial: COST_DEFAULTS,
    validate: validateCost,
    failurePrefix: "Error al registrar costo",
    submit: async (values) => {
      const cost = toNewCost(values, bogotaToday());
      const answer = await idempotency.send(cost, (key) => create.mutateAsync({ cost, key }));
      if (typeof answer.id !== "number") throw new Error(COST_MESSAGES.notSuccess);
      onCreated(
        `Costo registrado exitosamente: #${answer.id} · ${answer.description} · ${formatCOP(answer.amount)} · ${costTypeLabel(answer.cost_type)}`,
      );
    },
  });
  const { values, setValues, errors, setErrors, bind } = form;

  const categories = values.nature ? CATEGORIES[values.nature] : [];
  return (
    <FormModal
      title="Registrar costo operativo"
      onClose={onClose}
      form={form}
      submitLabel="Registrar costo"
      busyLabel="Registrando..."
    >
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Tipo de costo *"
          error={errors.nature}
          value={values.nature}
          onChange={(nature) => {
            setValues((v) => withNature(v, nature as CostValues["nature"]));
            setErrors((x) => ({ ...x, nature: undefined, category: undefined }));
          }}
          placeholder="Selecciona"
          options={COST_NATURES}
        />
        <SelectField
          label="Categoría *"
          {...bind("category")}
          placeholder="Selecciona"
          options={categories.map((c) => ({ value: c, label: c }))}
        />
      </div>
      <TextField label="Descripción *" {...bind("description")} maxLength={300} />
      <div className="grid grid-cols-2 gap-3">
        <NumberField label="Monto *" {...bind("amount")} step={1000} />
        <SelectField label="Frecuencia *" {...bind("frequency")} options={FREQUENCIES} />
      </div>
      <SelectField
        label="Ubicación *"
        {...bind("location_id")}
        placeholder="Selecciona una ubicación"
        options={namedOptions(locations)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Fecha de inicio (opcional)"
          type="date"
          {...bind("start_date")}
          hint="Vacía: hoy, o el vencimiento si ya pasó"
        />
        <TextField label="Fecha de vencimiento (opcional)" type="date" {...bind("due_date")} />
      </div>
    </FormModal>
  );
}
