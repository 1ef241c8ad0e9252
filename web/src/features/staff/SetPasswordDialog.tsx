import { type FormEvent, useId, useState } from "react";
import { accentButton, inputClass, secondaryButton } from "../../lib/ui/classes";
import { described, Field } from "../../lib/ui/Field";
import { Modal } from "../../lib/ui/Modal";
import { Notice } from "../../lib/ui/Notice";
import { PasswordChecklist } from "../superuser/PasswordChecklist";
import { newPasswordProblem, PASSWORD_MESSAGES, type PasswordRule } from "./passwordRules";

type Props = {
  /** Whose password: shown in the title and the text. */
  user: { full_name: string; email: string };
  rule: PasswordRule;
  /** Sends the new password; a rejection shows its message in the dialog. */
  onSubmit: (password: string) => Promise<unknown>;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** 'Nueva contraseña' for someone else's account: typed twice; the rule of that user's role. */
export function SetPasswordDialog({ user, rule, onSubmit, onClose, onDone }: Props) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, rule);
    const found = {
      ...(problem ? { password: problem } : {}),
      ...(!problem && repeat !== password ? { repeat: PASSWORD_MESSAGES.mismatch } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(password);
      onDone(`Contraseña de ${user.full_name} actualizada. Compártela con la persona por un medio seguro.`);
    } catch (error) {
      setFailure(`Error al cambiar la contraseña: ${error instanceof Error ? error.message : "Error desconocido"}`);
      setBusy(false);
    }
  }

  return (
    <Modal title="Nueva contraseña" onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <p className="text-sm text-stone-700">
          Para <span className="font-semibold">{user.full_name}</span>{" "}
          <span className="break-all text-stone-500">({user.email})</span>. La contraseña anterior deja de funcionar y
          la cuenta se desbloquea si estaba bloqueada.
        </p>
        <Field
          id={`${id}-password`}
          label="Nueva contraseña *"
          error={errors.password}
          hint={rule === "staff" ? "Mínimo 6 caracteres" : undefined}
        >
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors({});
            }}
            className={inputClass}
            {...described(`${id}-password`, errors.password)}
          />
        </Field>
        {rule === "strong" && <PasswordChecklist password={password} />}
        <Field id={`${id}-repeat`} label="Repite la contraseña *" error={errors.repeat}>
          <input
            id={`${id}-repeat`}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => {
              setRepeat(e.target.value);
              setErrors({});
            }}
            className={inputClass}
            {...described(`${id}-repeat`, errors.repeat)}
          />
        </Field>
        {failure && <Notice tone="error">{failure}</Notice>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancelar
          </button>
          <button type="submit" disabled={busy} className={accentButton}>
            {busy ? "Guardando..." : "Guardar contraseña"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
