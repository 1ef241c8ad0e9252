import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import { NEWSLETTER_EMAIL_INVALID, NEWSLETTER_EMAIL_REQUIRED } from "../../../../shared/messages";
import { ApiError } from "../../api/http";
import { subscribeToNewsletter } from "../../api/storefront";
import { SubmitButton } from "../../lib/ui/SubmitButton";

const SUBSCRIBE_BUTTON =
  "shrink-0 rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-60";

const EmailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(NEWSLETTER_EMAIL_REQUIRED),
  v.email(NEWSLETTER_EMAIL_INVALID),
);

/** Newsletter sign-up: the e-mail is kept for the store's administrators (POST /api/v1/public/newsletter). */
export function NewsletterBox() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const result = v.safeParse(EmailField, email);
    if (!result.success) {
      setError(result.issues[0].message);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await subscribeToNewsletter(result.output);
      setSubscribed(result.output);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.kind === "http" && failure.status < 500
          ? failure.message
          : "No pudimos registrar tu correo. Revisa tu conexión e intenta nuevamente.",
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="boletin" className="bg-orange-50">
      <div className="mx-auto max-w-6xl px-4 py-12 md:flex md:items-center md:justify-between md:gap-10">
        <div className="md:max-w-md">
          <h2 id="boletin" className="text-2xl font-bold tracking-tight text-stone-900">
            Lanzamientos y promociones
          </h2>
          <p className="mt-2 text-stone-600">Suscríbete y entérate primero de los modelos nuevos.</p>
        </div>
        {subscribed ? (
          <p role="status" className="mt-6 rounded-lg bg-white px-4 py-3 font-medium text-stone-900 shadow-sm md:mt-0">
            ¡Gracias por suscribirte, {subscribed}!
          </p>
        ) : (
          <form noValidate onSubmit={handleSubmit} className="mt-6 w-full md:mt-0 md:max-w-md">
            <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
              Correo electrónico
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={inputId}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                placeholder="tu@correo.com"
                className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base focus:border-orange-600 focus:outline-none"
              />
              <SubmitButton busy={sending} label="Suscribirme" busyLabel="Enviando..." className={SUBSCRIBE_BUTTON} />
            </div>
            {error && (
              <p id={errorId} className="mt-2 text-sm text-red-700">
                {error}
              </p>
            )}
          </form>
        )}
      </div>
    </section>
  );
}
