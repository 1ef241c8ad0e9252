import { type FormEvent, useId, useState } from "react";
import { createUser } from "../../../api/admin";
import type { AvailableLocation } from "../../../api/admin-schemas";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { accentButton, inputClass, secondaryButton } from "../../../lib/ui/classes";
import { described, Field } from "../../../lib/ui/Field";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { type NewUserValues, STAFF_ROLE_OPTIONS, toNewStaffUser, type UserErrors, validateNewUser } from "./userForm";

type Props = {
  locations: readonly AvailableLocation[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

const EMPTY: NewUserValues = { email: "", password: "", first_name: "", last_name: "", role: "", location_id: "" };

/** 'Crear usuario': the spec's fields and messages; location optional. */
export function CreateUserModal({ locations, onClose, onCreated }: Props) {
  const id = useId();
  const [values, setValues] = useState<NewUserValues>(EMPTY);
  const [errors, setErrors] = useState<UserErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKeys();

  const set = <K extends keyof NewUserValues>(key: K, value: NewUserValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewUser(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const user = toNewStaffUser(values);
      await createUser(user, idempotency.keyFor(user));
      idempotency.renew(user);
      onCreated("Usuario creado exitosamente");
    } catch (error) {
      setFailure(`Error al crear usuario: ${error instanceof Error ? error.message : "Error desconocido"}`);
      setBusy(false);
    }
  }

  return (
    <Modal title="Crear usuario" onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <Field id={`${id}-email`} label="Email *" error={errors.email}>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
            className={inputClass}
            {...described(`${id}-email`, errors.email)}
          />
        </Field>
        <Field id={`${id}-password`} label="Contraseña *" error={errors.password} hint="Mínimo 6 caracteres">
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set("password", e.target.value)}
            className={inputClass}
            {...described(`${id}-password`, errors.password)}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-first`} label="Nombre *" error={errors.first_name}>
            <input
              id={`${id}-first`}
              value={values.first_name}
              onChange={(e) => set("first_name", e.target.value)}
              className={inputClass}
              {...described(`${id}-first`, errors.first_name)}
            />
          </Field>
          <Field id={`${id}-last`} label="Apellido *" error={errors.last_name}>
            <input
              id={`${id}-last`}
              value={values.last_name}
              onChange={(e) => set("last_name", e.target.value)}
              className={inputClass}
              {...described(`${id}-last`, errors.last_name)}
            />
          </Field>
        </div>
        <Field id={`${id}-role`} label="Rol *" error={errors.role}>
          <select
            id={`${id}-role`}
            value={values.role}
            onChange={(e) => set("role", e.target.value as NewUserValues["role"])}
            className={inputClass}
            {...described(`${id}-role`, errors.role)}
          >
            <option value="">Selecciona un rol</option>
            {STAFF_ROLE_OPTIONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-location`} label="Ubicación (opcional)">
          <select
            id={`${id}-location`}
            value={values.location_id}
            onChange={(e) => set("location_id", e.target.value)}
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
        {failure && <Notice tone="error">{failure}</Notice>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancelar
          </button>
          <button type="submit" disabled={busy} className={accentButton}>
            {busy ? "Creando..." : "Crear usuario"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
