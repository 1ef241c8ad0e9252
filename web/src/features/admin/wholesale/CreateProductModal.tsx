import { type FormEvent, useId, useState } from "react";
import { createWholesaleProduct } from "../../../api/mayoreo";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { PhotoPicker } from "./PhotoPicker";
import { ProductFields } from "./ProductFields";
import { type ProductErrors, type ProductValues, toNewProduct, validateNewProduct } from "./wholesaleForm";

type Props = { onClose: () => void; onCreated: (message: string) => void };

const EMPTY: ProductValues = { modelo: "", cajas: "", pares: "", precio: "", tallas: "" };

export function CreateProductModal({ onClose, onCreated }: Props) {
  const id = useId();
  const [values, setValues] = useState<ProductValues>(EMPTY);
  const [errors, setErrors] = useState<ProductErrors>({});
  const [foto, setFoto] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKeys();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewProduct(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const product = toNewProduct(values, foto);
      await createWholesaleProduct(product, idempotency.keyFor(product));
      idempotency.renew(product);
      onCreated("Producto de mayoreo creado exitosamente");
    } catch (error) {
      setFailure(`Error al crear producto: ${error instanceof Error ? error.message : "Error desconocido"}`);
      setBusy(false);
    }
  }

  return (
    <Modal title="Nuevo producto de mayoreo" onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <ProductFields
          id={id}
          values={values}
          errors={errors}
          onChange={(key, value) => {
            setValues((v) => ({ ...v, [key]: value }));
            setErrors((e) => ({ ...e, [key]: undefined }));
          }}
        />
        <PhotoPicker label="Foto (opcional)" file={foto} onChange={setFoto} />
        {failure && <Notice tone="error">{failure}</Notice>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancelar
          </button>
          <button type="submit" disabled={busy} className={accentButton}>
            {busy ? "Creando..." : "Crear producto"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
