import { type FormEvent, useId, useState } from "react";
import type { WholesaleProduct } from "../../../api/admin-schemas";
import { updateWholesaleProduct } from "../../../api/mayoreo";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { PhotoPicker } from "./PhotoPicker";
import { ProductFields } from "./ProductFields";
import { changedFields, type ProductErrors, type ProductValues, validateEdit, valuesOf } from "./wholesaleForm";

type Props = { product: WholesaleProduct; onClose: () => void; onSaved: (message: string) => void };

/** Edits a wholesale product, sending only what changed (a new photo makes it multipart). */
export function EditProductModal({ product, onClose, onSaved }: Props) {
  const id = useId();
  const [values, setValues] = useState<ProductValues>(() => valuesOf(product));
  const [active, setActive] = useState(product.is_active);
  const [errors, setErrors] = useState<ProductErrors>({});
  const [foto, setFoto] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEdit(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = changedFields(product, values, active);
    if (Object.keys(changes).length === 0 && !foto) {
      onClose();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await updateWholesaleProduct(product.id, changes, foto);
      onSaved("Producto actualizado exitosamente");
    } catch (error) {
      setFailure(`Error al actualizar producto: ${error instanceof Error ? error.message : "Error desconocido"}`);
      setBusy(false);
    }
  }

  return (
    <Modal title={`Editar ${product.modelo}`} onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <ProductFields
          id={id}
          editing
          values={values}
          errors={errors}
          onChange={(key, value) => {
            setValues((v) => ({ ...v, [key]: value }));
            setErrors((e) => ({ ...e, [key]: undefined }));
          }}
        />
        <PhotoPicker label="Nueva foto (opcional)" file={foto} onChange={setFoto} />
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            className="size-4 accent-orange-600"
          />
          Producto activo
        </label>
        {failure && <Notice tone="error">{failure}</Notice>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancelar
          </button>
          <button type="submit" disabled={busy} className={accentButton}>
            {busy ? "Guardando..." : "Guardar cambios"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
