import type { AvailableLocation } from "../../../api/admin-schemas";
import { countLabel } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import {
  CheckboxField,
  FormModal,
  NumberField,
  namedOptions,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from "../../../lib/ui/form";
import { bogotaToday } from "../../company/dates";
import { useCreateNumberingRange } from "../mutations";
import { DOCUMENT_TEXT_MAX, RANGE_DEFAULTS, type RangeValues, toNewRange, validateRange } from "./rangeForm";
import { rangeLabel } from "./rangeText";

type Props = {
  /** The company's active stores (a warehouse issues no POS documents). */
  stores: readonly AvailableLocation[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

/** The numbers the documents will carry, as printed ("del FA1000 al FA1999"), once both ends are typed. */
function preview(v: RangeValues): string | null {
  const from = Number(v.range_from);
  const to = Number(v.range_to);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) return null;
  const prefix = v.prefix.trim().toUpperCase();
  return `Los documentos saldrán del ${prefix}${from} al ${prefix}${to} (${countLabel(to - from + 1, "número", "números")}).`;
}

/**
 * 'Registrar resolución': a store's DIAN numbering resolution as its PDF says it (number and date,
 * prefix, from–to, validity and the text the documents print); active at once unless unticked.
 */
export function RegisterRangeModal({ stores, onClose, onCreated }: Props) {
  const idempotency = useIdempotencyKeys();
  const create = useCreateNumberingRange();
  const today = bogotaToday();
  const form = useForm<RangeValues>({
    initial: () => ({ ...RANGE_DEFAULTS, location_id: stores.length === 1 ? String(stores[0]?.id) : "" }),
    validate: (v) => validateRange(v, today),
    failurePrefix: "No se pudo registrar la resolución",
    submit: async (values) => {
      const range = toNewRange(values);
      const answer = await idempotency.send(range, (key) => create.mutateAsync({ range, key }));
      onCreated(`Resolución registrada: ${rangeLabel(answer.range)} · ${answer.range.location_name}`);
    },
  });
  const { values, set, bind } = form;
  const numbers = preview(values);
  return (
    <FormModal
      title="Registrar resolución"
      onClose={onClose}
      form={form}
      wide
      submitLabel="Registrar resolución"
      busyLabel="Registrando..."
    >
      <SelectField
        label="Local"
        {...bind("location_id")}
        placeholder="Selecciona el local"
        options={namedOptions(stores)}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Número de resolución"
          {...bind("resolution_number")}
          inputMode="numeric"
          autoComplete="off"
          hint="De 6 a 20 dígitos, como figura en la resolución"
        />
        <TextField label="Fecha de la resolución" type="date" max={today} {...bind("resolution_date")} />
      </div>
      <div className="grid grid-cols-3 gap-3">
        <TextField
          label="Prefijo"
          hint="Opcional: hasta 4 letras o dígitos"
          {...bind("prefix")}
          onChange={(value) => set("prefix", value.toUpperCase())}
          maxLength={4}
          autoCapitalize="characters"
          autoComplete="off"
        />
        <NumberField label="Desde" {...bind("range_from")} min={1} />
        <NumberField label="Hasta" {...bind("range_to")} min={1} />
      </div>
      {numbers && <p className="text-sm text-stone-600">{numbers}</p>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Vigente desde" type="date" {...bind("valid_from")} />
        <TextField label="Vigente hasta" type="date" min={values.valid_from || today} {...bind("valid_until")} />
      </div>
      <TextAreaField
        label="Texto que imprime el documento"
        {...bind("document_text")}
        rows={3}
        maxLength={DOCUMENT_TEXT_MAX}
        hint="Tal como debe salir en cada documento: número y fecha de la resolución, prefijo, rango y vigencia"
      />
      <CheckboxField
        label="Activar ahora (la resolución activa del local queda inactiva)"
        checked={values.activate}
        onChange={(checked) => set("activate", checked)}
      />
    </FormModal>
  );
}
