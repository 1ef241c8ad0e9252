import { ROLE_CANNOT_CHANGE } from "../../../../../shared/messages";
import type { AvailableLocation, StaffUser } from "../../../api/admin-schemas";
import { FormModal, NameFields, TextField, useForm } from "../../../lib/ui/form";
import { roleLabel } from "../../company/labels";
import { fitsKind, locationOptions, StaffLocationField } from "../../company/StaffLocationField";
import { locationKindOf, validateUserEdit } from "../../company/userForm";
import { useUpdateUser } from "../mutations";

type Props = {
  user: StaffUser;
  locations: readonly AvailableLocation[];
  onClose: () => void;
  onSaved: (message: string) => void;
};

/**
 * 'Editar usuario': e-mail and role are shown locked; names, location and active state change. An
 * active vendedor needs a store and an active bodeguero a warehouse: only those are offered, and a
 * location of the other kind (or none, from before the rule) must be replaced.
 */
export function EditUserModal({ user, locations, onClose, onSaved }: Props) {
  const update = useUpdateUser();
  const kind = locationKindOf(user.role);
  const places = locationOptions(locations);
  const current = user.location_id === null ? "" : String(user.location_id);
  const form = useForm({
    initial: {
      first_name: user.first_name,
      last_name: user.last_name,
      location_id: fitsKind(places, current, kind) ? current : "",
      is_active: user.is_active,
    },
    validate: (v) => validateUserEdit(v, kind),
    failurePrefix: "Error al actualizar usuario",
    submit: async (v) => {
      await update.mutateAsync({
        id: user.id,
        changes: {
          first_name: v.first_name.trim(),
          last_name: v.last_name.trim(),
          is_active: v.is_active,
          location_id: v.location_id ? Number(v.location_id) : null,
        },
      });
      onSaved("Usuario actualizado exitosamente");
    },
  });
  const { values, errors, set, bind } = form;
  const locked = { disabled: true, readOnly: true, onChange: () => undefined };

  return (
    <FormModal title="Editar usuario" onClose={onClose} form={form} submitLabel="Guardar cambios">
      <TextField label="Email" hint="El email no se puede cambiar" value={user.email} {...locked} />
      <TextField label="Rol" hint={ROLE_CANNOT_CHANGE} value={roleLabel(user.role)} {...locked} />
      <NameFields values={values} set={set} errors={errors} />
      <StaffLocationField kind={kind} {...bind("location_id")} locations={places} />
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          checked={values.is_active}
          onChange={(e) => set("is_active", e.target.checked)}
          className="size-4 accent-orange-600"
        />
        Usuario activo
      </label>
      {!values.is_active && <p className="text-xs text-stone-600">Un usuario inactivo no puede entrar al sistema.</p>}
    </FormModal>
  );
}
