import { useState } from "react";
import type { StaffUser } from "../../api/admin-schemas";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { ErrorState } from "../../lib/ui/ErrorState";
import { AddButton, type Flash, FlashNotice } from "../../lib/ui/Flash";
import { Notice } from "../../lib/ui/Notice";
import { SmallButton } from "../../lib/ui/SmallButton";
import { Spinner } from "../../lib/ui/Spinner";
import { useDialog } from "../../lib/ui/useDialog";
import { ActiveToggleDialog } from "./ActiveToggleDialog";
import { CreateAdministradorModal } from "./CreateAdministradorModal";
import { type AdministradoresScope, useSetAdministradorPassword, useUnlockAdministrador } from "./mutations";
import { SetPasswordDialog } from "./SetPasswordDialog";
import { StaffStatusBadges, UnlockButton } from "./StaffStatus";

type Props = {
  /** The boss's own company or the company a superuser looks at: its calls, its list and its usage reads. */
  staff: AdministradoresScope;
  title?: string;
  /** The plan's usage line (off where the screen already shows it, as the company detail's bar does). */
  showUsage?: boolean;
};

/**
 * A company's administradores: who they are, the plan's employee usage, creating one within the limit,
 * and for each one a new password, lifting a login lock, or deactivating (reactivating) the account.
 * Each write's hook reads the list again (and the plan's usage where it changed: staff/mutations.ts).
 */
export function AdministradoresPanel({ staff, title = "Administradores", showUsage = true }: Props) {
  const remote = useRemoteData(staff.list);
  const [flash, setFlash] = useState<Flash | null>(null);
  const creating = useDialog<true>(setFlash);
  const settingFor = useDialog<StaffUser>(setFlash);
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const toggling = useDialog<StaffUser>(setFlash);
  const unlockMutation = useUnlockAdministrador(staff);
  const passwordChange = useSetAdministradorPassword(staff);

  async function unlock(user: StaffUser) {
    setUnlocking(user.id);
    setFlash(null);
    try {
      const answer = await unlockMutation.mutateAsync(user.id);
      setFlash({ tone: "success", text: `${user.full_name}: ${answer.message || "Cuenta desbloqueada"}` });
    } catch (error) {
      setFlash({ tone: "error", text: `Error al desbloquear: ${error instanceof Error ? error.message : "Error"}` });
    } finally {
      setUnlocking(null);
    }
  }

  const data = remote.data;
  const full = data ? data.employees.count >= data.employees.limit : false;
  const passwordOf = settingFor.item;
  return (
    <section aria-label={title} className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="text-base font-semibold text-stone-900">{title}</h3>
          {data && showUsage && (
            <p className="text-sm text-stone-600" data-testid="employee-usage">
              Empleados del plan: {data.employees.count} de {data.employees.limit}
            </p>
          )}
        </div>
        <AddButton disabled={!data || full} onClick={() => creating.open(true)}>
          + Nuevo administrador
        </AddButton>
      </div>
      {full && (
        <Notice tone="warning">
          El plan llegó a su límite de empleados. Para crear otro administrador, amplía la suscripción o desactiva un
          usuario.
        </Notice>
      )}
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      {!data && !remote.error && <Spinner label="Cargando administradores..." />}
      {!data && remote.error && <ErrorState message={remote.error} onRetry={remote.reload} />}
      {data &&
        (data.administradores.length === 0 ? (
          <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-4 text-sm text-stone-600">
            Esta empresa aún no tiene administradores. Crea el primero: gestionará el personal, las ubicaciones y el
            inventario.
          </p>
        ) : (
          <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
            {data.administradores.map((admin) => (
              <li
                key={admin.id}
                data-testid="administrador-row"
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-stone-900">{admin.full_name}</p>
                    <StaffStatusBadges user={admin} />
                  </div>
                  <p className="text-sm break-all text-stone-600">{admin.email}</p>
                  <p className="text-xs text-stone-500">{admin.location_name ?? "Sin ubicación"}</p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <UnlockButton user={admin} unlocking={unlocking} onUnlock={(user) => void unlock(user)} />
                  <SmallButton danger={admin.is_active} onClick={() => toggling.open(admin)}>
                    {admin.is_active ? "Desactivar" : "Reactivar"}
                    <span className="sr-only"> a {admin.full_name}</span>
                  </SmallButton>
                  <SmallButton
                    label={`Cambiar la contraseña de ${admin.full_name}`}
                    onClick={() => settingFor.open(admin)}
                  >
                    Contraseña
                  </SmallButton>
                </div>
              </li>
            ))}
          </ul>
        ))}
      {creating.item && data && (
        <CreateAdministradorModal
          staff={staff}
          locations={data.locations}
          onClose={creating.close}
          onCreated={creating.done}
        />
      )}
      {toggling.item && data && (
        <ActiveToggleDialog
          staff={staff}
          admin={toggling.item}
          lastActive={toggling.item.is_active && data.administradores.filter((a) => a.is_active).length === 1}
          onClose={toggling.close}
          onDone={toggling.done}
        />
      )}
      {passwordOf && (
        <SetPasswordDialog
          user={passwordOf}
          rule="staff"
          onSubmit={(password) => passwordChange.mutateAsync({ userId: passwordOf.id, password })}
          onClose={settingFor.close}
          onDone={settingFor.done}
        />
      )}
    </section>
  );
}
