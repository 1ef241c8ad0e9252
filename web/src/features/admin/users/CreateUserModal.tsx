import { createUser } from "../../../api/admin";
import type { AvailableLocation } from "../../../api/admin-schemas";
import { NewAccountModal } from "../../../lib/company/NewAccountModal";
import { type NewUserValues, toNewStaffUser } from "../../../lib/company/userForm";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { namedOptions } from "../../../lib/ui/form";

type Props = {
  locations: readonly AvailableLocation[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

const EMPTY: NewUserValues = { email: "", password: "", first_name: "", last_name: "", role: "", location_id: "" };

/** 'Crear usuario': the spec's fields and messages; location optional. */
export function CreateUserModal({ locations, onClose, onCreated }: Props) {
  const idempotency = useIdempotencyKeys();
  return (
    <NewAccountModal
      title="Crear usuario"
      submitLabel="Crear usuario"
      failurePrefix="Error al crear usuario"
      initial={EMPTY}
      locations={namedOptions(locations)}
      onClose={onClose}
      create={async (values) => {
        const user = toNewStaffUser(values);
        await createUser(user, idempotency.keyFor(user));
        idempotency.renew(user);
        onCreated("Usuario creado exitosamente");
      }}
    />
  );
}
