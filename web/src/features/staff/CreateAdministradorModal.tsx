import { type FormEvent, useId, useState } from "react";
import type { AdministradoresApi, NewAdministrador } from "../../api/staff";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { accentButton, inputClass, secondaryButton } from "../../lib/ui/classes";
import { described, Field } from "../../lib/ui/Field";
import { Modal } from "../../lib/ui/Modal";
import { Notice } from "../../lib/ui/Notice";
import { USER_MESSAGES } from "../admin/users/userForm";

export type AdministradorValues = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  location_id: string;
};
type Errors = Partial<Record<keyof AdministradorValues, string>>;

const EMPTY: AdministradorValues = { email: "", password: "", first_name: "", last_name: "", location_id: "" };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The staff user rules and texts (spec 3 §5 'New staff user') without the role; location optional. */
export function validateAdministrador(values: AdministradorValues): Errors {
  const errors: Errors = {};
  const email = values.email.trim();
  if (!email) errors.email = USER_MESSAGES.emailRequired;
  else if (!EMAIL.test(email)) errors.email = USER_MESSAGES.emailInvalid;
  if (!values.password) errors.password = USER_MESSAGES.passwordRequired;
  else if (values.password.length < 6) errors.password = USER_MESSAGES.passwordShort;
  if (!values.first_name.trim()) errors.first_name = USER_MESSAGES.firstNameRequired;
  if (!values.last_name.trim()) errors.last_name = USER_MESSAGES.lastNameRequired;
  return errors;
}

export function toNewAdministrador(values: AdministradorValues): NewAdministrador {
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    location_id: values.location_id ? Number(values.location_id) : null,
  };
}

type Props = {
  api: AdministradoresApi;
  locations: readonly { location_id: number; name: string }[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

/** 'Nuevo administrador': e-mail, password (6+), names and an optional location. */
export function CreateAdministradorModal({ api, locations, onClose, onCreated }: Props) {
  const id = useId();
  const [values, setValues] = useState<AdministradorValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKeys();

  const set = <K extends keyof AdministradorValues>(key: K, value: AdministradorValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAdministrador(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const admin = toNewAdministrador(values);
      await api.create(admin, idempotency.keyFor(admin));
      idempotency.renew(admin);
      onCreated(`Administrador ${admin.first_name} ${admin.last_name} creado exitosamente`);
    } catch (error) {
      setFailure(`Error al crear administrador: ${error instanceof Error ? error.message : "Error desconocido"}`);
      setBusy(false);
    }
  }

  return (
    <Modal title="Nuevo administrador" onClose={onClose}>
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
        <Field id={`${id}-location`} label="Ubicación (opcional)">
          <select
            id={`${id}-location`}
            value={values.location_id}
            onChange={(e) => set("location_id", e.target.value)}
            className={inputClass}
          >
            <option value="">Sin ubicación</option>
            {locations.map((l) => (
              <option key={l.location_id} value={l.location_id}>
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
            {busy ? "Creando..." : "Crear administrador"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
