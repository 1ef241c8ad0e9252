import type { AvailableLocation } from "../../../api/admin-schemas";
import { NewAccountModal } from "../../company/NewAccountModal";
import { locationOptions } from "../../company/StaffLocationField";
import { type NewUserValues, toNewStaffUser } from "../../company/userForm";
import { useCreateUser } from "../mutations";

type Props = {
  locations: readonly AvailableLocation[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

const EMPTY: NewUserValues = { email: "", password: "", first_name: "", last_name: "", role: "", location_id: "" };

/** 'Crear usuario': the spec's fields and messages; a vendedor needs a store, a bodeguero a warehouse. */
export function CreateUserModal({ locations, onClose, onCreated }: Props) {
  const create = useCreateUser();
  return (
    <NewAccountModal
      title="Crear usuario"
      submitLabel="Crear usuario"
      initial={EMPTY}
      locations={locationOptions(locations)}
      onClose={onClose}
      toBody={toNewStaffUser}
      send={(user, key) => create.mutateAsync({ user, key })}
      onCreated={() => onCreated("Usuario creado exitosamente")}
    />
  );
}
