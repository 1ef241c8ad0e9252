import { useId, useState } from "react";
import type { StaffUser } from "../../../api/admin-schemas";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { AddButton } from "../../../lib/ui/Flash";
import { SelectField } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { roleLabel } from "../../company/labels";
import { STAFF_ROLE_OPTIONS } from "../../company/userForm";
import { SetPasswordDialog } from "../../staff/SetPasswordDialog";
import { StaffStatusBadges, UnlockButton } from "../../staff/StaffStatus";
import { DataTable } from "../DataTable";
import { LocationFilter } from "../LocationFilter";
import { LocationsError } from "../LocationsError";
import { useSetStaffPassword, useUnlockStaff } from "../mutations";
import { adminQueries, type UserFilters } from "../queries";
import { useLocationOptions } from "../useLocationOptions";
import { CreateUserModal } from "./CreateUserModal";
import { EditUserModal } from "./EditUserModal";

type Filters = UserFilters;

/** Usuarios: staff table with role / location / active filters, create and edit modals, passwords and unlocking. */
export function UsersSection() {
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ role: "", location: "", active: "" });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const [settingFor, setSettingFor] = useState<StaffUser | null>(null);
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const locationOptions = useLocationOptions();
  const locations = locationOptions.list;
  const live = useRemoteData(adminQueries.users(filters));
  const unlockMutation = useUnlockStaff();
  const passwordChange = useSetStaffPassword();

  const done = (message: string) => {
    setCreating(false);
    setEditing(null);
    setSettingFor(null);
    setFlash(message);
  };

  async function unlock(user: StaffUser) {
    setUnlocking(user.id);
    setFlash(null);
    setFailure(null);
    try {
      const answer = await unlockMutation.mutateAsync(user.id);
      done(`${user.full_name}: ${answer.message || "Cuenta desbloqueada"}`);
    } catch (error) {
      setFailure(failureText("Error al desbloquear", error));
    } finally {
      setUnlocking(null);
    }
  }

  return (
    <div className="space-y-4">
      {flash && (
        <Notice tone="success" onClose={() => setFlash(null)}>
          {flash}
        </Notice>
      )}
      {failure && (
        <Notice tone="error" onClose={() => setFailure(null)}>
          {failure}
        </Notice>
      )}
      <Panel
        title="Personal de la empresa"
        action={
          <AddButton
            onClick={() => {
              setFlash(null);
              setCreating(true);
            }}
          >
            + Crear usuario
          </AddButton>
        }
      >
        <LocationsError options={locationOptions} />
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label="Rol"
            value={filters.role}
            onChange={(v) => setFilters((f) => ({ ...f, role: v }))}
            compact
            placeholder="Todos"
            options={STAFF_ROLE_OPTIONS}
          />
          <LocationFilter
            id={`${id}-location`}
            value={filters.location}
            onChange={(v) => setFilters((f) => ({ ...f, location: v }))}
            locations={locations}
          />
          <SelectField
            label="Estado"
            value={filters.active}
            onChange={(v) => setFilters((f) => ({ ...f, active: v as Filters["active"] }))}
            compact
          >
            <option value="">Todos</option>
            <option value="true">Activos</option>
            <option value="false">Inactivos</option>
          </SelectField>
        </div>
        <DataState live={live} loadingLabel="Cargando usuarios...">
          {({ users }) => (
            <DataTable
              label="Usuarios"
              rows={users}
              rowKey={(u) => u.id}
              empty="No hay usuarios"
              rowTestId="user-row"
              columns={[
                {
                  header: "Nombre",
                  cell: (u) => <span className="font-medium">{u.full_name}</span>,
                },
                { header: "Email", cell: (u) => <span className="break-all">{u.email}</span> },
                { header: "Rol", cell: (u) => roleLabel(u.role) },
                { header: "Ubicación", cell: (u) => u.location_name ?? "Sin ubicación" },
                {
                  header: "Estado",
                  cell: (u) => (
                    <span className="inline-flex flex-wrap justify-end gap-1 md:justify-start">
                      <StaffStatusBadges user={u} />
                    </span>
                  ),
                },
                {
                  header: "Acciones",
                  wide: true,
                  cell: (u) => (
                    <span className="flex flex-wrap gap-2">
                      <SmallButton
                        label={`Editar ${u.full_name}`}
                        onClick={() => {
                          setFlash(null);
                          setEditing(u);
                        }}
                      >
                        Editar
                      </SmallButton>
                      <SmallButton
                        label={`Cambiar la contraseña de ${u.full_name}`}
                        onClick={() => {
                          setFlash(null);
                          setSettingFor(u);
                        }}
                      >
                        Contraseña
                      </SmallButton>
                      <UnlockButton user={u} unlocking={unlocking} onUnlock={(user) => void unlock(user)} />
                    </span>
                  ),
                },
              ]}
            />
          )}
        </DataState>
      </Panel>
      {creating && <CreateUserModal locations={locations} onClose={() => setCreating(false)} onCreated={done} />}
      {settingFor && (
        <SetPasswordDialog
          user={settingFor}
          rule="staff"
          onSubmit={(password) => passwordChange.mutateAsync({ userId: settingFor.id, password })}
          onClose={() => setSettingFor(null)}
          onDone={done}
        />
      )}
      {editing && (
        <EditUserModal user={editing} locations={locations} onClose={() => setEditing(null)} onSaved={done} />
      )}
    </div>
  );
}
