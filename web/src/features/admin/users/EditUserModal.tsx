import { type FormEvent, useId, useState } from "react";
import { ROLE_CANNOT_CHANGE } from "../../../../../shared/messages";
import { updateUser } from "../../../api/admin";
import type { AvailableLocation, StaffUser } from "../../../api/admin-schemas";
import { described, Field } from "../Field";
import { roleLabel } from "../labels";
import { Modal } from "../Modal";
import { Notice } from "../Notice";
import { accentButton, inputClass, secondaryButton } from "../ui";
import { type UserErrors, validateUserEdit } from "./userForm";

type Props = {
  user: StaffUser;
  locations: readonly AvailableLocation[];
  onClose: () => void;
  onSaved: (message: string) => void;
};

/** 'Editar usuario': e-mail and role are shown locked; names, location and active state change. */
export function EditUserModal({ user, locations, onClose, onSaved }: Props) {
  const id = useId();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [locationId, setLocationId] = useState(user.location_id === null ? "" : String(user.location_id));
  const [active, setActive] = useState(user.is_active);
  const [errors, setErrors] = useState<UserErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateUserEdit({ first_name: firstName, last_name: lastName });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await updateUser(user.id, {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        is_active: active,
        location_id: locationId ? Number(locationId) : null,
      });
      onSaved("Usuario actualizado exitosamente");
    } catch (error) {
      setFailure(`Error al actualizar usuario: ${error instanceof Error ? error.message : "Error desconocido"}`);
      setBusy(false);
    }
  }

  return (
    <Modal title="Editar usuario" onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <Field id={`${id}-email`} label="Email" hint="El email no se puede cambiar">
          <input id={`${id}-email`} value={user.email} disabled readOnly className={inputClass} />
        </Field>
        <Field id={`${id}-role`} label="Rol" hint={ROLE_CANNOT_CHANGE}>
          <input id={`${id}-role`} value={roleLabel(user.role)} disabled readOnly className={inputClass} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-first`} label="Nombre *" error={errors.first_name}>
            <input
              id={`${id}-first`}
              value={firstName}
              onChange={(e) => {
                setFirstName(e.target.value);
                setErrors((x) => ({ ...x, first_name: undefined }));
              }}
              className={inputClass}
              {...described(`${id}-first`, errors.first_name)}
            />
          </Field>
          <Field id={`${id}-last`} label="Apellido *" error={errors.last_name}>
            <input
              id={`${id}-last`}
              value={lastName}
              onChange={(e) => {
                setLastName(e.target.value);
                setErrors((x) => ({ ...x, last_name: undefined }));
              }}
              className={inputClass}
              {...described(`${id}-last`, errors.last_name)}
            />
          </Field>
        </div>
        <Field id={`${id}-location`} label="Ubicación">
          <select
            id={`${id}-location`}
            value={locationId}
            onChange={(e) => setLocationId(e.target.value)}
            className={inputClass}
          >
            <option value="">Sin ubicación</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            className="size-4 accent-orange-600"
          />
          Usuario activo
        </label>
        {!active && <p className="text-xs text-stone-600">Un usuario inactivo no puede entrar al sistema.</p>}
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
