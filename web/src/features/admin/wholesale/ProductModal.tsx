import { useState } from "react";
import type { WholesaleProduct } from "../../../api/admin-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { CheckboxField, FormModal, useForm } from "../../../lib/ui/form";
import { useCreateWholesaleProduct, useUpdateWholesaleProduct } from "../mutations";
import { PhotoPicker } from "./PhotoPicker";
import { ProductFields } from "./ProductFields";
import {
  changedFields,
  type ProductValues,
  toNewProduct,
  validateEdit,
  validateNewProduct,
  valuesOf,
} from "./wholesaleForm";

const EMPTY: ProductValues = { modelo: "", cajas: "", pares: "", precio: "", tallas: "" };

type Props = { onClose: () => void; onDone: (message: string) => void };

/** 'Nuevo producto de mayoreo', or with a product its edit, sending only what changed (a new photo makes it multipart). */
function ProductModal({ product, onClose, onDone }: Props & { product?: WholesaleProduct }) {
  const [foto, setFoto] = useState<File | null>(null);
  const [active, setActive] = useState(product?.is_active ?? true);
  const idempotency = useIdempotencyKeys();
  const create = useCreateWholesaleProduct();
  const update = useUpdateWholesaleProduct();
  const form = useForm<ProductValues>({
    initial: () => (product ? valuesOf(product) : EMPTY),
    validate: product ? validateEdit : validateNewProduct,
    failurePrefix: product ? "Error al actualizar producto" : "Error al crear producto",
    submit: async (v) => {
      if (!product) {
        const created = toNewProduct(v, foto);
        await create.mutateAsync({ product: created, key: idempotency.keyFor(created) });
        idempotency.renew(created);
        return onDone("Producto de mayoreo creado exitosamente");
      }
      const changes = changedFields(product, v, active);
      if (Object.keys(changes).length === 0 && !foto) return onClose();
      await update.mutateAsync({ id: product.id, changes, foto });
      onDone("Producto actualizado exitosamente");
    },
  });
  const { values, errors, set } = form;

  return (
    <FormModal
      title={product ? `Editar ${product.modelo}` : "Nuevo producto de mayoreo"}
      onClose={onClose}
      form={form}
      submitLabel={product ? "Guardar cambios" : "Crear producto"}
      busyLabel={product ? "Guardando..." : "Creando..."}
    >
      <ProductFields editing={Boolean(product)} values={values} errors={errors} onChange={set} />
      <PhotoPicker label={product ? "Nueva foto (opcional)" : "Foto (opcional)"} file={foto} onChange={setFoto} />
      {product && <CheckboxField label="Producto activo" checked={active} onChange={setActive} />}
    </FormModal>
  );
}

export function CreateProductModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (message: string) => void;
}) {
  return <ProductModal onClose={onClose} onDone={onCreated} />;
}

export function EditProductModal({
  product,
  ...rest
}: {
  product: WholesaleProduct;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return <ProductModal product={product} onClose={rest.onClose} onDone={rest.onSaved} />;
}
