import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  SETUP_KEY_REQUIRED,
} from "../../../../../shared/messages";
import { createFirstSuperadmin, type FirstSuperadmin } from "../../../api/superadmin";
import { accentButton, cardClass, inputClass } from "../../../lib/ui/classes";
import { Field } from "../../../lib/ui/Field";
import { FieldList, type FieldSpec, FormFailure, NameFields } from "../../../lib/ui/form";
import { errorText, useFeedback } from "../feedback";
import { PasswordChecklist } from "../PasswordChecklist";
import { isStrongPassword, PASSWORD_MESSAGE } from "../password";

const EMPTY: FirstSuperadmin = { email: "", password: "", first_name: "", last_name: "", secret_key: "" };

const SetupSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(EMAIL_REQUIRED), v.email(EMAIL_INVALID)),
  password: v.pipe(v.string(), v.check(isStrongPassword, PASSWORD_MESSAGE)),
  first_name: v.pipe(v.string(), v.trim(), v.nonEmpty(FIRST_NAME_REQUIRED)),
  last_name: v.pipe(v.string(), v.trim(), v.nonEmpty(LAST_NAME_REQUIRED)),
  secret_key: v.pipe(v.string(), v.nonEmpty(SETUP_KEY_REQUIRED)),
});

/** One-time creation of the first superadmin, protected by the installation secret (spec 2 §2 Setup). */
export function SetupTab() {
  const id = useId();
  const feedback = useFeedback();
  const [values, setValues] = useState<FirstSuperadmin>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof FirstSuperadmin, value: string) => setValues((current) => ({ ...current, [key]: value }));
  const complete = Object.values(values).every((value) => value.trim() !== "") && isStrongPassword(values.password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const parsed = v.safeParse(SetupSchema, values);
    if (!parsed.success) {
      setError(errorText(new Error(parsed.issues[0]?.message ?? "Revisa el formulario")));
      return;
    }
    setSaving(true);
    try {
      await createFirstSuperadmin({ ...parsed.output, email: parsed.output.email.toLowerCase() });
      feedback.success("Primer superadmin creado exitosamente");
      setDone(`Primer superadmin creado exitosamente: ${parsed.output.email}`);
      setValues(EMPTY);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const field = (key: string) => `${id}-${key}`;
  return (
    <section aria-label="Configuración inicial" className={`${cardClass} max-w-2xl`}>
      <h2 className="text-lg font-semibold text-stone-900">Crear primer superadmin</h2>
      <div role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p className="font-semibold">Instalación única</p>
        <p className="mt-1">
          Este formulario solo funciona una vez, al instalar la plataforma: crea el primer superadmin si todavía no
          existe ninguno. Requiere la clave de instalación del servidor. Si ya hay un superadmin, el servidor rechazará
          la solicitud.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Primer superadmin">
        <NameFields gap="gap-4" input={{ autoComplete: "off" }} values={values} set={set} />
        <FieldList fields={EMAIL_FIELDS} values={values} set={set} />
        <Field label="Contraseña *" id={field("password")}>
          <input
            id={field("password")}
            type="password"
            className={inputClass}
            value={values.password}
            onChange={(e) => set("password", e.target.value)}
            autoComplete="new-password"
          />
          <PasswordChecklist password={values.password} />
        </Field>
        <FieldList fields={SECRET_FIELDS} values={values} set={set} />
        <FormFailure message={error} />
        {done && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            {done}
          </p>
        )}
        <button type="submit" disabled={saving || !complete} className={`${accentButton} w-full sm:w-auto`}>
          {saving ? "Creando..." : "Crear Superadmin"}
        </button>
      </form>
    </section>
  );
}

const EMAIL_FIELDS: FieldSpec<"email">[] = [
  { key: "email", label: "Email *", type: "email", autoCapitalize: "none", autoComplete: "off" },
];

const SECRET_FIELDS: FieldSpec<"secret_key">[] = [
  { key: "secret_key", label: "Clave de instalación *", type: "password", autoComplete: "off" },
];
