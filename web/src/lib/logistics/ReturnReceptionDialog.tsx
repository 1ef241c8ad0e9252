import { useId, useState } from "react";
import type { ReturnReception } from "../../api/transfers";
import type { Transfer } from "../../api/transfers-schemas";
import { productName } from "../format";
import { inputClass, labelClass, secondaryButton, successButton } from "../ui/classes";
import { CheckboxField, NotesField, SelectField } from "../ui/form";
import { Modal } from "../ui/Modal";

type Props = {
  transfer: Transfer;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reception: ReturnReception) => void;
};

/** The keeper checks a returned item: received quantity (default 1), condition, back to inventory. */
export function ReturnReceptionDialog({ transfer: t, busy, error, onCancel, onConfirm }: Props) {
  const id = useId();
  const [quantity, setQuantity] = useState("1");
  const [condition, setCondition] = useState<ReturnReception["product_condition"]>("good");
  const [toInventory, setToInventory] = useState(true);
  // a damaged or unusable unit never goes back to the sellable stock (it is held for the administrador):
  // choosing it unticks 'Devolver al inventario'; choosing 'Buena' again ticks it back
  const sellable = condition === "good";
  const chooseCondition = (next: ReturnReception["product_condition"]) => {
    setCondition(next);
    setToInventory(next === "good");
  };
  const [notes, setNotes] = useState("");
  const parsed = Number.parseInt(quantity, 10);
  const valid = Number.isInteger(parsed) && parsed >= 0 && parsed <= t.quantity;

  return (
    <Modal
      title={`Confirmar Recepción #${t.id}`}
      onClose={onCancel}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} disabled={busy} className={secondaryButton}>
            Cancelar
          </button>
          <button
            type="button"
            disabled={busy || !valid}
            onClick={() =>
              onConfirm({
                received_quantity: parsed,
                product_condition: condition,
                return_to_inventory: sellable && toInventory,
                notes,
              })
            }
            className={successButton}
          >
            {busy ? "Confirmando..." : "Confirmar Recepción"}
          </button>
        </div>
      }
    >
      <p className="text-sm text-stone-700">
        {productName(t)} · Talla {t.size} · Devueltos: {t.quantity}
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-3 space-y-3">
        <div>
          <label htmlFor={`${id}-qty`} className={labelClass}>
            Cantidad recibida
          </label>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={0}
            max={t.quantity}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            className={inputClass}
          />
          {!valid && <p className="mt-1 text-sm text-red-700">La cantidad debe estar entre 0 y {t.quantity}</p>}
        </div>
        <SelectField
          label="Condición del producto"
          value={condition}
          onChange={(v) => chooseCondition(v as ReturnReception["product_condition"])}
        >
          <option value="good">Buena</option>
          <option value="damaged">Dañado</option>
          <option value="unusable">Inservible</option>
        </SelectField>
        <CheckboxField
          label="Devolver al inventario"
          checked={sellable && toInventory}
          onChange={setToInventory}
          disabled={!sellable}
          large
        />
        {!sellable && (
          <p className="text-sm text-amber-800">
            {condition === "damaged"
              ? "Un producto dañado no vuelve al inventario vendible: queda apartado para el administrador."
              : "Un producto inservible no vuelve al inventario."}
          </p>
        )}
        <NotesField value={notes} onChange={setNotes} />
      </div>
    </Modal>
  );
}
