import { useId } from "react";
import { formatCOP } from "../../lib/format";
import { NumberField, TextField } from "../../lib/ui/form";
import { type LineDraft, lineSubtotal } from "./saleForm";

type Props = {
  line: LineDraft;
  index: number;
  canRemove: boolean;
  onChange: (line: LineDraft) => void;
  onRemove: () => void;
};

type TextKey = "reference_code" | "brand" | "model" | "color" | "size";

/** One product line: reference, brand, model, optional color, size, quantity (≥ 1) and unit price. */
export function SaleLineEditor({ line, index, canRemove, onChange, onRemove }: Props) {
  const id = useId();
  const set = (field: keyof LineDraft) => (value: string) => onChange({ ...line, [field]: value });

  const text = (field: TextKey, label: string, extra: { placeholder?: string; required?: boolean } = {}) => (
    <TextField
      id={`${id}-${field}`}
      label={
        <>
          {label}
          {extra.required === false ? <span className="font-normal text-stone-500"> (opcional)</span> : " *"}
        </>
      }
      value={line[field]}
      onChange={(v) => set(field)(v)}
      placeholder={extra.placeholder}
      autoCapitalize={field === "reference_code" ? "characters" : "sentences"}
      autoComplete="off"
    />
  );

  return (
    <fieldset className="rounded-lg border border-stone-200 p-3" data-testid="sale-line">
      <legend className="px-1 text-sm font-semibold text-stone-800">Producto {index + 1}</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="col-span-2">
          {text("reference_code", "Código de referencia", { placeholder: "Ej. NIKEAIRM-01" })}
        </div>
        {text("brand", "Marca")}
        {text("model", "Modelo")}
        {text("color", "Color", { required: false })}
        {text("size", "Talla", { placeholder: "Ej. 40" })}
        <NumberField label="Cantidad *" min={1} value={line.quantity} onChange={(v) => set("quantity")(v)} />
        <NumberField
          decimal
          label="Precio unitario *"
          value={line.unit_price}
          onChange={(v) => set("unit_price")(v)}
          placeholder="0"
        />
      </div>
      <div className="mt-3 flex items-center justify-between">
        <p className="text-sm text-stone-700">
          Subtotal: <span className="font-semibold">{formatCOP(lineSubtotal(line) / 100)}</span>
        </p>
        {canRemove && (
          <button type="button" onClick={onRemove} className="text-sm font-semibold text-red-700 hover:text-red-800">
            Quitar producto
          </button>
        )}
      </div>
    </fieldset>
  );
}
