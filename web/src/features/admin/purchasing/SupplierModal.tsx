import type { Supplier } from "../../../api/purchasing";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { FormModal, NumberField, TextField, useForm } from "../../../lib/ui/form";
import { useCreateSupplier, useUpdateSupplier } from "../mutations";

type Values = { name: string; nit: string; contact_name: string; phone: string; email: string; lead_time_days: string };

type Props = {
  /** the supplier to correct; null registers a new one */
  supplier: Supplier | null;
  onClose: () => void;
  onSaved: (message: string) => void;
};

/** 'Nuevo proveedor' / 'Editar proveedor': name, NIT with its check digit, contact and lead time. */
export function SupplierModal({ supplier, onClose, onSaved }: Props) {
  const idempotency = useIdempotencyKeys();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const form = useForm<Values>({
    initial: () => ({
      name: supplier?.name ?? "",
      nit: supplier?.nit ?? "",
      contact_name: supplier?.contact_name ?? "",
      phone: supplier?.phone ?? "",
      email: supplier?.email ?? "",
      lead_time_days: String(supplier?.lead_time_days ?? 7),
    }),
    validate: (v) => ({
      ...(v.name.trim() ? {} : { name: "El nombre del proveedor es requerido" }),
      ...(v.nit.trim() ? {} : { nit: "El NIT del proveedor es requerido" }),
      ...(/^\d{1,3}$/.test(v.lead_time_days) && Number(v.lead_time_days) <= 365
        ? {}
        : { lead_time_days: "El plazo de entrega son de 0 a 365 días" }),
    }),
    failurePrefix: supplier ? "No se pudo guardar el proveedor" : "No se pudo registrar el proveedor",
    submit: async (v) => {
      const fields = {
        name: v.name,
        nit: v.nit,
        contact_name: v.contact_name,
        phone: v.phone,
        email: v.email,
        lead_time_days: Number(v.lead_time_days),
      };
      if (supplier) {
        const answer = await update.mutateAsync({ id: supplier.id, changes: fields });
        onSaved(`Proveedor actualizado: ${answer.supplier.name}`);
      } else {
        const answer = await idempotency.send(fields, (key) => create.mutateAsync({ supplier: fields, key }));
        onSaved(`Proveedor registrado: ${answer.supplier.name}`);
      }
    },
  });
  const { bind } = form;
  return (
    <FormModal
      title={supplier ? "Editar proveedor" : "Nuevo proveedor"}
      onClose={onClose}
      form={form}
      submitLabel={supplier ? "Guardar proveedor" : "Registrar proveedor"}
      busyLabel="Guardando..."
    >
      <TextField label="Nombre o razón social" {...bind("name")} autoComplete="organization" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="NIT" {...bind("nit")} inputMode="numeric" hint="Con su dígito de verificación: 900123456-8" />
        <NumberField
          label="Plazo de entrega (días)"
          {...bind("lead_time_days")}
          min={0}
          hint="Desde que se envía la orden"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Contacto" {...bind("contact_name")} />
        <TextField label="Teléfono" {...bind("phone")} inputMode="tel" />
      </div>
      <TextField label="Correo" type="email" {...bind("email")} />
    </FormModal>
  );
}
