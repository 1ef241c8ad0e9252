import { useAtomValue, useSetAtom } from "jotai";
import { type FormEvent, useState } from "react";
import { changeOwnPassword } from "../../api/staff";
import { errorMessage } from "../../lib/query/useRemoteData";
import { ROLE_LABEL } from "../../lib/roles";
import { replaceTokenAtom, sessionAtom } from "../../lib/session";
import { FieldList, type FieldSpec, FormActions } from "../../lib/ui/form";
import { Modal } from "../../lib/ui/Modal";
import { Notice } from "../../lib/ui/Notice";
import { newPasswordProblem, PASSWORD_MESSAGES, ruleOf } from "../staff/passwordRules";
import { PasswordChecklist } from "../superuser/PasswordChecklist";
import { AdminPinForm } from "./AdminPinForm";

type Values = { current: string; next: string; repeat: string };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { current: "", next: "", repeat: "" };

/** 'Mi cuenta': who is signed in, and changing one's own password (the current one is required). */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const user = useAtomValue(sessionAtom);
  const replaceToken = useSetAtom(replaceTokenAtom);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const rule = ruleOf(user.role);

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!values.current) found.current = PASSWORD_MESSAGES.currentRequired;
    const problem = newPasswordProblem(values.next, rule);
    if (problem) found.next = problem;
    else if (values.next === values.current) found.next = PASSWORD_MESSAGES.same;
    else if (values.repeat !== values.next) found.repeat = PASSWORD_MESSAGES.mismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setResult(null);
    try {
      const changed = await changeOwnPassword(values.current, values.next);
      // the old token ended with the old password: this device goes on with the new one
      if (changed.access_token) replaceToken(changed.access_token);
      setValues(EMPTY);
      setResult({
        tone: "success",
        text: "Tu contraseña se cambió. Las demás sesiones de tu cuenta se cerraron; úsala la próxima vez que inicies sesión.",
      });
    } catch (error) {
      setResult({ tone: "error", text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Mi cuenta" onClose={onClose}>
      <dl className="mb-4 grid grid-cols-1 gap-2 rounded-lg bg-stone-50 p-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-500">Nombre</dt>
          <dd className="font-semibold text-stone-900">{user.name}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Rol</dt>
          <dd className="font-semibold text-stone-900">{ROLE_LABEL[user.role]}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-stone-500">Correo</dt>
          <dd className="font-semibold break-all text-stone-900">{user.email}</dd>
        </div>
        {user.company_name && (
          <div className="sm:col-span-2">
            <dt className="text-stone-500">Empresa</dt>
            <dd className="font-semibold text-stone-900">
              {[user.company_name, user.location_name].filter(Boolean).join(" · ")}
            </dd>
          </div>
        )}
      </dl>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Cambiar contraseña">
        <h3 className="text-base font-semibold text-stone-900">Cambiar contraseña</h3>
        <FieldList fields={newPasswordFields(rule === "staff")} values={values} set={set} errors={errors} />
        {rule === "strong" && <PasswordChecklist password={values.next} />}
        <FieldList fields={REPEAT_FIELDS} values={values} set={set} errors={errors} />
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
        <FormActions onCancel={onClose} busy={busy} submitLabel="Cambiar contraseña" cancelLabel="Cerrar" />
      </form>
      {user.role === "administrador" && (
        <div className="mt-6 border-t border-stone-200 pt-4">
          <AdminPinForm />
        </div>
      )}
    </Modal>
  );
}

const password = { type: "password", autoComplete: "new-password" } as const;

/** The current password, then the new one (its rule as a hint for staff). */
const newPasswordFields = (staff: boolean): FieldSpec<keyof Values>[] => [
  { key: "current", label: "Contraseña actual *", type: "password", autoComplete: "current-password" },
  { key: "next", label: "Nueva contraseña *", hint: staff ? "Mínimo 6 caracteres" : undefined, ...password },
];

const REPEAT_FIELDS: FieldSpec<keyof Values>[] = [
  { key: "repeat", label: "Repite la nueva contraseña *", ...password },
];
