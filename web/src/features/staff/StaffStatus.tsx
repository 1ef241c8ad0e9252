import type { StaffUser } from "../../api/admin-schemas";
import { Badge } from "../../lib/ui/Badge";
import { SmallButton } from "../../lib/ui/SmallButton";
import { lockedUntilText } from "./passwordRules";

/** 'Activo' or 'Inactivo', and the login lock while it lasts. */
export function StaffStatusBadges({ user }: { user: StaffUser }) {
  return (
    <>
      {user.is_active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>}
      {user.locked_until && <Badge tone="error">{lockedUntilText(user.locked_until)}</Badge>}
    </>
  );
}

type UnlockProps = { user: StaffUser; unlocking: number | null; onUnlock: (user: StaffUser) => void };

/** 'Desbloquear' for a locked account; every row's button is off while one unlock runs. */
export function UnlockButton({ user, unlocking, onUnlock }: UnlockProps) {
  if (!user.locked_until) return null;
  return (
    <SmallButton label={`Desbloquear a ${user.full_name}`} disabled={unlocking !== null} onClick={() => onUnlock(user)}>
      {unlocking === user.id ? "Desbloqueando..." : "Desbloquear"}
    </SmallButton>
  );
}
