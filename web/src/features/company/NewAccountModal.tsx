import { useIdempotencyKeys } from "../../lib/idempotency";
import {
  type FieldErrors,
  FieldList,
  type FieldSpec,
  FormModal,
  NameFields,
  SelectField,
  useForm,
} from "../../lib/ui/form";
import { fitsKind, type LocationOption, StaffLocationField } from "./StaffLocationField";
import {
  type AccountValues,
  locationKindOf,
  STAFF_ROLE_OPTIONS,
  type StaffRoleOption,
  validateAccount,
} from "./userForm";

/** What the person signs in with: an e-mail nobody else has and a first password of 6+ characters. */
const LOGIN_FIELDS: FieldSpec<"email" | "password">[] = [
  { key: "email", label: "Email *", type: "email", autoComplete: "off" },
  {
    key: "password",
    label: "Contraseña *",
    hint: "Mínimo 6 caracteres",
    type: "password",
    autoComplete: "new-password",
  },
];

type Props<V extends AccountValues, B> = {
  title: string;
  /** 'Crear usuario'; a failure reads 'Error al crear usuario: …'. */
  submitLabel: string;
  /** The empty form; with a `role` the role select is shown and required. */
  initial: V;
  /** With their type: a vendedor is offered only stores, a bodeguero only warehouses. */
  locations: readonly LocationOption[];
  /** The values as the API takes them. */
  toBody: (values: V) => B;
  /** Sends them with an idempotency key: a retry after a lost answer does not create the account twice. */
  send: (body: B, idempotencyKey: string) => Promise<unknown>;
  /** After the account was created (the caller closes the form). */
  onCreated: (body: B) => void;
  onClose: () => void;
};

/**
 * A new staff account or administrador: e-mail, password (6+), names, (role) and a location: required
 * for a vendedor (a store) and a bodeguero (a warehouse), optional for the others.
 */
export function NewAccountModal<V extends AccountValues, B>({
  title,
  submitLabel,
  initial,
  locations,
  toBody,
  send,
  onCreated,
  onClose,
}: Props<V, B>) {
  const idempotency = useIdempotencyKeys();
  const form = useForm<V>({
    initial,
    // V only adds nothing or the role to AccountValues, whose errors validateAccount names.
    validate: validateAccount as (values: V) => FieldErrors<V>,
    submit: async (values) => {
      const body = toBody(values);
      await send(body, idempotency.keyFor(body));
      idempotency.renew(body);
      onCreated(body);
    },
    failurePrefix: `Error al ${submitLabel.toLowerCase()}`,
  });
  const { values, errors, set } = form;
  return (
    <FormModal title={title} onClose={onClose} form={form} submitLabel={submitLabel} busyLabel="Creando...">
      <FieldList fields={LOGIN_FIELDS} values={values} set={set} errors={errors} />
      <NameFields values={values} set={set} errors={errors} />
      {values.role !== undefined && (
        <SelectField
          label="Rol *"
          error={errors.role}
          value={values.role}
          onChange={(v) => {
            set("role", v as StaffRoleOption);
            // a store chosen for a vendedor is no warehouse for a bodeguero
            if (!fitsKind(locations, values.location_id, locationKindOf(v))) set("location_id", "");
          }}
          placeholder="Selecciona un rol"
          options={STAFF_ROLE_OPTIONS}
        />
      )}
      <StaffLocationField
        kind={locationKindOf(values.role)}
        value={values.location_id}
        onChange={(v) => set("location_id", v)}
        error={errors.location_id}
        locations={locations}
      />
    </FormModal>
  );
}
