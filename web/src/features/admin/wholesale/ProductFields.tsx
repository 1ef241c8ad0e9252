import { FieldList, type FieldSpec } from "../../../lib/ui/form";
import type { ProductErrors, ProductValues } from "./wholesaleForm";

type Props = {
  values: ProductValues;
  errors: ProductErrors;
  onChange: (key: keyof ProductValues, value: string) => void;
  /** Edit: an empty number keeps the old value, so the fields are not marked required. */
  editing?: boolean;
};

type Key = keyof ProductValues;

/** A whole number of boxes, pairs or pesos; on edit an empty one keeps the old value. */
const count = (key: Key, label: string, min: number, step: number, editing: boolean): FieldSpec<Key> => ({
  key,
  label: `${label}${editing ? "" : " *"}`,
  hint: editing ? "Vacío = conservar el valor actual" : undefined,
  type: "number",
  inputMode: "numeric",
  min,
  step,
});

/** Model, boxes, pairs per box, price per box and sizes of a wholesale product. */
export function ProductFields({ values, errors, onChange, editing = false }: Props) {
  const list = { values, errors, set: onChange };
  return (
    <div className="space-y-3">
      <FieldList fields={[{ key: "modelo", label: "Modelo *", maxLength: 200 }]} {...list} />
      <div className="grid grid-cols-2 gap-3">
        <FieldList
          fields={[count("cajas", "Cajas disponibles", 0, 1, editing), count("pares", "Pares por caja", 1, 1, editing)]}
          {...list}
        />
      </div>
      <FieldList
        fields={[
          count("precio", "Precio por caja", 0, 1000, editing),
          { key: "tallas", label: "Tallas (opcional)", hint: "Ej. 36-41 o 36:2, 37:4, 38:4", maxLength: 500 },
        ]}
        {...list}
      />
    </div>
  );
}
