/**
 * What to do after forgetting a password: Horma sends no e-mails, so a person of the company sets a new
 * one (the administrador for the staff, the boss for administradores, the platform for the boss).
 */
export function ForgotPasswordHelp({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <section
      id={id}
      aria-label="Recuperar contraseña"
      className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-3 text-sm text-sky-950"
    >
      <p className="font-semibold">¿Olvidaste tu contraseña?</p>
      <p className="mt-1">
        Horma no envía correos de recuperación. Pide al <strong>administrador de tu empresa</strong> que te asigne una
        contraseña nueva desde su panel (Usuarios). Si tu cuenta quedó bloqueada por intentos fallidos, también puede
        desbloquearla.
      </p>
      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sky-900">
        <li>Si eres administrador, pídesela al boss de tu empresa.</li>
        <li>Si eres el boss, pídesela al soporte de Horma.</li>
      </ul>
      <button type="button" onClick={onClose} className="mt-2 font-medium text-sky-800 underline underline-offset-2">
        Entendido
      </button>
    </section>
  );
}
