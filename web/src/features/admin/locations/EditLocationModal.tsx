import { formatWhatsapp, OPENING_HOURS_MAX, WHATSAPP_INVALID, whatsappDigits } from "../../../../../shared/contact";
import type { LocationChanges } from "../../../api/admin";
import type { AdminLocation } from "../../../api/admin-schemas";
import { type FieldErrors, FormModal, NumberField, TextAreaField, TextField, useForm } from "../../../lib/ui/form";
import { useUpdateLocation } from "../mutations";

type Values = {
  name: string;
  address: string;
  phone: string;
  manager_name: string;
  capacity: string;
  latitude: string;
  longitude: string;
  opening_hours: string;
  whatsapp: string;
  notes: string;
};

const text = (v: string | null | undefined) => v ?? "";
const num = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

function validate(v: Values, warehouse: boolean): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  if (!v.name.trim()) errors.name = "El nombre de la ubicación es requerido";
  if (warehouse && v.capacity !== "" && !(Number.isInteger(Number(v.capacity)) && Number(v.capacity) >= 0)) {
    errors.capacity = "La capacidad debe ser un número entero";
  }
  if (v.latitude !== "" && !(Math.abs(Number(v.latitude)) <= 90)) errors.latitude = "La latitud no es válida";
  if (v.longitude !== "" && !(Math.abs(Number(v.longitude)) <= 180)) errors.longitude = "La longitud no es válida";
  if (v.whatsapp.trim() !== "" && whatsappDigits(v.whatsapp) === null) errors.whatsapp = WHATSAPP_INVALID;
  if (v.opening_hours.trim().length > OPENING_HOURS_MAX) {
    errors.opening_hours = `El horario es demasiado largo (máximo ${OPENING_HOURS_MAX} caracteres)`;
  }
  return errors;
}

/**
 * 'Editar ubicación': its details (the type stays; stock and transfers depend on it). A store also has
 * the opening hours and WhatsApp the storefront's contact page shows.
 */
export function EditLocationModal({
  location,
  onClose,
  onSaved,
}: {
  location: AdminLocation;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const warehouse = location.type === "bodega";
  const update = useUpdateLocation();
  const form = useForm<Values>({
    initial: {
      name: location.name,
      address: text(location.address),
      phone: text(location.phone),
      manager_name: text(location.manager_name),
      capacity: num(location.capacity),
      latitude: num(location.latitude),
      longitude: num(location.longitude),
      opening_hours: text(location.opening_hours),
      whatsapp: location.whatsapp ? formatWhatsapp(location.whatsapp) : "",
      notes: text(location.notes),
    },
    validate: (v) => validate(v, warehouse),
    failurePrefix: "Error al guardar la ubicación",
    submit: async (v) => {
      const orNull = (s: string) => s.trim() || null;
      const numOrNull = (s: string) => (s.trim() === "" ? null : Number(s));
      const changes: LocationChanges = {
        name: v.name.trim(),
        address: orNull(v.address),
        phone: orNull(v.phone),
        manager_name: orNull(v.manager_name),
        notes: orNull(v.notes),
        latitude: numOrNull(v.latitude),
        longitude: numOrNull(v.longitude),
        ...(warehouse
          ? { capacity: numOrNull(v.capacity) }
          : { opening_hours: orNull(v.opening_hours), whatsapp: orNull(v.whatsapp) }),
      };
      const answer = await update.mutateAsync({ id: location.id, changes });
      onSaved(`${answer.location.name} actualizada`);
    },
  });
  const { bind } = form;
  return (
    <FormModal title={`Editar ${location.name}`} onClose={onClose} form={form} submitLabel="Guardar cambios" wide>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Nombre *" {...bind("name")} />
        <TextField label="Encargado" {...bind("manager_name")} />
        <TextField label="Dirección" {...bind("address")} />
        <TextField label="Teléfono" {...bind("phone")} type="tel" />
        <NumberField decimal min={-90} label="Latitud" {...bind("latitude")} step="any" />
        <NumberField decimal min={-180} label="Longitud" {...bind("longitude")} step="any" />
        {warehouse && <NumberField label="Capacidad (pares)" {...bind("capacity")} />}
        {!warehouse && (
          <>
            <TextField
              label="Horario de atención"
              placeholder="Lun–Sáb 9:00–19:00 · Dom 10:00–17:00"
              maxLength={OPENING_HOURS_MAX}
              {...bind("opening_hours")}
            />
            <TextField
              label="WhatsApp"
              type="tel"
              inputMode="tel"
              placeholder="300 123 4567"
              hint="Celular colombiano; se muestra en la página de contacto"
              {...bind("whatsapp")}
            />
          </>
        )}
      </div>
      <TextAreaField label="Notas" {...bind("notes")} rows={2} />
    </FormModal>
  );
}
