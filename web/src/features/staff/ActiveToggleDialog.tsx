import { useState } from "react";
import type { StaffUser } from "../../api/admin-schemas";
import { errorMessage } from "../../lib/query/useRemoteData";
import { ConfirmDialog } from "../../lib/ui/ConfirmDialog";
import { type AdministradoresScope, useSetAdministradorActive } from "./mutations";

type Props = {
  staff: AdministradoresScope;
  admin: StaffUser;
  /** The company's only active administrador: the dialog says what that means and confirms it. */
  lastActive: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** Asks before deactivating (its sessions end at once) or reactivating an administrador. */
export function ActiveToggleDialog({ staff, admin, lastActive, onClose, onDone }: Props) {
  const toggle = useSetAdministradorActive(staff);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deactivating = admin.is_active;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const answer = await toggle.mutateAsync({
        userId: admin.id,
        change: { is_active: !deactivating, confirm_last: lastActive },
      });
      onDone(`${admin.full_name}: ${answer.message}`);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={deactivating ? "Desactivar administrador" : "Reactivar administrador"}
      confirmLabel={deactivating ? "Desactivar" : "Reactivar"}
      tone={deactivating ? "danger" : "accent"}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {deactivating ? (
        <>
          <p>
            {admin.full_name} no podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato. Podrás
            reactivarlo después.
          </p>
          {lastActive && (
            <p className="rounded-lg bg-amber-50 p-2 font-semibold text-amber-900">
              Es el último administrador activo de la empresa: nadie más podrá gestionar usuarios, ubicaciones ni
              inventario hasta que reactives o crees otro.
            </p>
          )}
        </>
      ) : (
        <p>{admin.full_name} podrá volver a iniciar sesión. Cuenta dentro del límite de empleados del plan.</p>
      )}
    </ConfirmDialog>
  );
}
