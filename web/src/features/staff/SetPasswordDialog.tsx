import { type FormEvent, useId, useState } from "react";
import { failureText } from "../../lib/query/useRemoteData";
import { FormModal, TextField } from "../../lib/ui/form";
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
      setFailure(failureText("Error al cambiar la contraseña", error));
      setBusy(false);
    }
  }

  return (
    <FormModal
      title="Nueva contraseña"
      onClose={onClose}
      form={{ onSubmit: submit, failure, busy }}
      submitLabel="Guardar contraseña"
    >
      <p className="text-sm text-stone-700">
        Para <span className="font-semibold">{user.full_name}</span>{" "}
        <span className="break-all text-stone-500">({user.email})</span>. La contraseña anterior deja de funcionar y la
        cuenta se desbloquea si estaba bloqueada.
      </p>
      <TextField
        id={`${id}-password`}
        label="Nueva contraseña *"
        error={errors.password}
        hint={rule === "staff" ? "Mínimo 6 caracteres" : undefined}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(v) => {
          setPassword(v);
          setErrors({});
        }}
      />
      {rule === "strong" && <PasswordChecklist password={password} />}
      <TextField
        id={`${id}-repeat`}
        label="Repite la contraseña *"
        error={errors.repeat}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(v) => {
          setRepeat(v);
          setErrors({});
        }}
      />
    </FormModal>
  );
}
