import { inputClass } from "../../../lib/ui/classes";
import { described, Field } from "../../../lib/ui/Field";
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
      <Field id={`${id}-modelo`} label="Modelo *" error={errors.modelo}>
        <input
          id={`${id}-modelo`}
          value={values.modelo}
          maxLength={200}
          onChange={(e) => onChange("modelo", e.target.value)}
          className={inputClass}
          {...described(`${id}-modelo`, errors.modelo)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-cajas`} label={`Cajas disponibles${req}`} error={errors.cajas} hint={keep}>
          <input
            id={`${id}-cajas`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.cajas}
            onChange={(e) => onChange("cajas", e.target.value)}
            className={inputClass}
            {...described(`${id}-cajas`, errors.cajas)}
          />
        </Field>
        <Field id={`${id}-pares`} label={`Pares por caja${req}`} error={errors.pares} hint={keep}>
          <input
            id={`${id}-pares`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.pares}
            onChange={(e) => onChange("pares", e.target.value)}
            className={inputClass}
            {...described(`${id}-pares`, errors.pares)}
          />
        </Field>
      </div>
      <Field id={`${id}-precio`} label={`Precio por caja${req}`} error={errors.precio} hint={keep}>
        <input
          id={`${id}-precio`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          value={values.precio}
          onChange={(e) => onChange("precio", e.target.value)}
          className={inputClass}
          {...described(`${id}-precio`, errors.precio)}
        />
      </Field>
      <Field id={`${id}-tallas`} label="Tallas (opcional)" hint="Ej. 36-41 o 36:2, 37:4, 38:4">
        <input
          id={`${id}-tallas`}
          value={values.tallas}
          maxLength={500}
          onChange={(e) => onChange("tallas", e.target.value)}
          className={inputClass}
        />
      </Field>
    </div>
  );
}
