import { NewAccountModal } from "../company/NewAccountModal";
import { type AccountValues, toAccount, validateAccount } from "../company/userForm";
import { type AdministradoresScope, useCreateAdministrador } from "./mutations";

export type AdministradorValues = Omit<AccountValues, "role">;

/** The staff user rules and texts (spec 3 §5 'New staff user') without the role; location optional. */
export const validateAdministrador: (values: AdministradorValues) => ReturnType<typeof validateAccount> =
  validateAccount;

export const toNewAdministrador = toAccount;

type Props = {
  staff: AdministradoresScope;
  locations: readonly { location_id: number; name: string }[];
  onClose: () => void;
  onCreated: (message: string) => void;
};

const EMPTY: AdministradorValues = { email: "", password: "", first_name: "", last_name: "", location_id: "" };

/** 'Nuevo administrador': e-mail, password (6+), names and an optional location. */
export function CreateAdministradorModal({ staff, locations, onClose, onCreated }: Props) {
  const create = useCreateAdministrador(staff);
  return (
    <NewAccountModal
      title="Nuevo administrador"
      submitLabel="Crear administrador"
      initial={EMPTY}
      locations={locations.map((l) => ({ value: l.location_id, label: l.name }))}
      onClose={onClose}
      toBody={toNewAdministrador}
      send={(admin, key) => create.mutateAsync({ admin, key })}
      onCreated={(admin) => onCreated(`Administrador ${admin.first_name} ${admin.last_name} creado exitosamente`)}
    />
  );
}
