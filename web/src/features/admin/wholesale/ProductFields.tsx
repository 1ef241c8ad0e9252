import { TextField } from "../../../lib/ui/form";
import type { ProductErrors, ProductValues } from "./wholesaleForm";

type Props = {
  id: string;
  values: ProductValues;
  errors: ProductErrors;
  onChange: (key: keyof ProductValues, value: string) => void;
  /** Edit: an empty number keeps the old value, so the fields are not marked required. */
  editing?: boolean;
};

/** Model, boxes, pairs per box, price per box and sizes of a wholesale product. */
export function ProductFields({ id, values, errors, onChange, editing = false }: Props) {
  const req = editing ? "" : " *";
  const keep = editing ? "Vacío = conservar el valor actual" : undefined;
  return (
    <div className="space-y-3">
      <TextField
        id={`${id}-modelo`}
        label="Modelo *"
        error={errors.modelo}
        value={values.modelo}
        maxLength={200}
        onChange={(v) => onChange("modelo", v)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id={`${id}-cajas`}
          label={`Cajas disponibles${req}`}
          error={errors.cajas}
          hint={keep}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.cajas}
          onChange={(v) => onChange("cajas", v)}
        />
        <TextField
          id={`${id}-pares`}
          label={`Pares por caja${req}`}
          error={errors.pares}
          hint={keep}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.pares}
          onChange={(v) => onChange("pares", v)}
        />
      </div>
      <TextField
        id={`${id}-precio`}
        label={`Precio por caja${req}`}
        error={errors.precio}
        hint={keep}
        type="number"
        inputMode="numeric"
        min={0}
        step={1000}
        value={values.precio}
        onChange={(v) => onChange("precio", v)}
      />
      <TextField
        id={`${id}-tallas`}
        label="Tallas (opcional)"
        hint="Ej. 36-41 o 36:2, 37:4, 38:4"
        value={values.tallas}
        maxLength={500}
        onChange={(v) => onChange("tallas", v)}
      />
    </div>
  );
}
