import { FormModal, TextField, useForm } from "../../lib/ui/form";
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
  const form = useForm({
    initial: { password: "", repeat: "" },
    validate: ({ password, repeat }) => {
      const problem = newPasswordProblem(password, rule);
      if (problem) return { password: problem };
      return repeat !== password ? { repeat: PASSWORD_MESSAGES.mismatch } : {};
    },
    submit: async ({ password }) => {
      await onSubmit(password);
      onDone(`Contraseña de ${user.full_name} actualizada. Compártela con la persona por un medio seguro.`);
    },
    failurePrefix: "Error al cambiar la contraseña",
  });
  const { values, errors } = form;
  // Typing in either field clears both messages (the mismatch belongs to the pair).
  const edit = (key: "password" | "repeat") => (value: string) => {
    form.set(key, value);
    form.setErrors({});
  };

  return (
    <FormModal title="Nueva contraseña" onClose={onClose} form={form} submitLabel="Guardar contraseña">
      <p className="text-sm text-stone-700">
        Para <span className="font-semibold">{user.full_name}</span>{" "}
        <span className="break-all text-stone-500">({user.email})</span>. La contraseña anterior deja de funcionar y la
        cuenta se desbloquea si estaba bloqueada.
      </p>
      <TextField
        label="Nueva contraseña *"
        error={errors.password}
        hint={rule === "staff" ? "Mínimo 6 caracteres" : undefined}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={edit("password")}
      />
      {rule === "strong" && <PasswordChecklist password={values.password} />}
      <TextField
        label="Repite la contraseña *"
        error={errors.repeat}
        type="password"
        autoComplete="new-password"
        value={values.repeat}
        onChange={edit("repeat")}
      />
    </FormModal>
  );
}
