import { useSetAtom } from "jotai";
import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import { login } from "../../api/auth";
import { type SessionUser, signInAtom, signOutAtom, toSessionDetails } from "../../lib/session";
import { FormFailure } from "../../lib/ui/FormFailure";
import { SubmitButton } from "../../lib/ui/SubmitButton";
import { ForgotPasswordHelp } from "./ForgotPasswordHelp";
import { loginErrorMessage } from "./loginErrors";

const SIGN_IN_BUTTON =
  "w-full rounded-lg bg-stone-900 px-4 py-3 text-base font-semibold text-white shadow-sm hover:bg-stone-800 disabled:cursor-wait disabled:opacity-70";

const LoginFields = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("Ingresa tu correo electrónico."),
    v.email("Ingresa un correo electrónico válido."),
  ),
  password: v.pipe(v.string(), v.nonEmpty("Ingresa tu contraseña.")),
});

type Props = { onSuccess: (user: SessionUser) => void };

export function LoginForm({ onSuccess }: Props) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = useSetAtom(signInAtom);
  const signOut = useSetAtom(signOutAtom);
  const [forgotOpen, setForgotOpen] = useState(false);
  const ids = { email: useId(), password: useId(), remember: useId(), error: useId(), forgot: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const fields = v.safeParse(LoginFields, { email, password });
    if (!fields.success) {
      setError(fields.issues[0].message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await login(fields.output.email, fields.output.password);
      const user: SessionUser = {
        ...toSessionDetails(answer.user),
        token: answer.access_token,
        token_type: answer.token_type,
      };
      signIn({ user, remember });
      onSuccess(user);
    } catch (failure) {
      // Any failed login leaves no session behind (spec 1 §4).
      signOut();
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  }

  const inputClass =
    "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30";

  return (
    <form noValidate onSubmit={handleSubmit} aria-describedby={error ? ids.error : undefined} className="space-y-5">
      <div>
        <label htmlFor={ids.email} className="block text-sm font-medium text-stone-700">
          Correo electrónico
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
          placeholder="nombre@empresa.co"
        />
      </div>

      <div>
        <label htmlFor={ids.password} className="block text-sm font-medium text-stone-700">
          Contraseña
        </label>
        <div className="relative">
          <input
            id={ids.password}
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={`${inputClass} pr-24`}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-controls={ids.password}
            aria-pressed={showPassword}
            className="absolute inset-y-0 right-0 mt-1 rounded-r-lg px-3 text-sm font-medium text-orange-700 hover:text-orange-800"
          >
            {showPassword ? "Ocultar" : "Mostrar"}
          </button>
        </div>
      </div>

      <div className="flex items-center justify-between gap-4">
        <label htmlFor={ids.remember} className="flex items-center gap-2 text-sm text-stone-700">
          <input
            id={ids.remember}
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            className="size-4 rounded border-stone-300 accent-orange-600"
          />
          Recordarme
        </label>
        <button
          type="button"
          onClick={() => setForgotOpen((open) => !open)}
          aria-expanded={forgotOpen}
          aria-controls={ids.forgot}
          className="text-sm font-medium text-orange-700 hover:text-orange-800"
        >
          ¿Olvidaste tu contraseña?
        </button>
      </div>

      {forgotOpen && <ForgotPasswordHelp id={ids.forgot} onClose={() => setForgotOpen(false)} />}

      <FormFailure id={ids.error} message={error} />
      <SubmitButton busy={busy} label="Iniciar sesión" busyLabel="Iniciando sesión..." className={SIGN_IN_BUTTON} />
    </form>
  );
}
