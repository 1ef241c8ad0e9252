import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_THANKS,
  contactEmail,
  contactMessage,
  contactName,
  contactPhone,
} from "../../../../shared/contact";
import { type PublicStore, sendContactMessage } from "../../api/contact";
import { ApiError } from "../../api/http";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { FormFailure } from "../../lib/ui/form";
import { SubmitButton } from "../../lib/ui/SubmitButton";

const SEND_BUTTON =
  "w-full rounded-lg bg-stone-900 px-4 py-3 font-semibold text-white hover:bg-stone-800 disabled:opacity-60 sm:w-auto";

/** The same rules as the API (POST /api/v1/public/contact: shared/contact.ts), checked before sending. */
const ContactFields = v.object({
  name: contactName,
  email: contactEmail,
  phone: contactPhone,
  store: v.string(),
  message: contactMessage,
});

type Values = v.InferInput<typeof ContactFields>;
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: "", email: "", phone: "", store: "", message: "" };
export const SEND_FAILED = "No pudimos enviar tu mensaje. Revisa tu conexión e intenta nuevamente.";

const inputClass =
  "mt-1 block w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base focus:border-orange-600 focus:outline-none aria-[invalid=true]:border-red-500";

type Props = {
  /** The stores a message may be addressed to (none while they load: the choice is left out). */
  stores: readonly PublicStore[];
};

/**
 * The storefront's contact form: checked here with the API's rules, then kept for the company's
 * administrador (POST /api/v1/public/contact, one Idempotency-Key per data sent, so a double tap or a
 * retry keeps one message). The thank-you says only what happened: the message was received.
 */
export function ContactForm({ stores }: Props) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const keys = useIdempotencyKeys();
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;
  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const result = v.safeParse(ContactFields, values);
    if (!result.success) {
      const flat = v.flatten<typeof ContactFields>(result.issues).nested ?? {};
      setErrors({
        name: flat.name?.[0],
        email: flat.email?.[0],
        phone: flat.phone?.[0],
        message: flat.message?.[0],
      });
      return;
    }
    setErrors({});
    setFailure(null);
    const { name, email, phone, store, message } = result.output;
    const body = {
      name,
      email,
      message,
      ...(phone ? { phone } : {}),
      ...(store ? { location_id: Number(store) } : {}),
    };
    setSending(true);
    try {
      await keys.send(body, (key) => sendContactMessage(body, key));
      setSent({ name, email });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.kind === "http" && error.status < 500 ? error.message : SEND_FAILED,
      );
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-6">
        <p className="font-semibold text-green-900">¡Gracias por escribirnos, {sent.name}!</p>
        <p className="mt-2 break-words text-sm text-green-800">
          {CONTACT_THANKS} ({sent.email}).
        </p>
        <button
          type="button"
          className="mt-4 text-sm font-semibold text-green-900 underline hover:text-green-700"
          onClick={() => {
            setValues(EMPTY);
            setSent(null);
          }}
        >
          Escribir otro mensaje
        </button>
      </div>
    );
  }

  const described = (field: Field) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${idOf(field)}-error` : undefined,
    className: inputClass,
  });
  const label = (field: Field, text: string, optional = false) => (
    <label htmlFor={idOf(field)} className="block text-sm font-medium text-stone-700">
      {text}
      {optional && <span className="font-normal text-stone-500"> (opcional)</span>}
    </label>
  );
  const error = (field: Field) =>
    errors[field] && (
      <p id={`${idOf(field)}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    );

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      <div>
        {label("name", "Nombre")}
        <input
          {...described("name")}
          type="text"
          required
          autoComplete="name"
          maxLength={CONTACT_NAME_MAX}
          onChange={(e) => set("name", e.target.value)}
        />
        {error("name")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0">
          {label("email", "Correo electrónico")}
          <input
            {...described("email")}
            type="email"
            inputMode="email"
            required
            autoComplete="email"
            onChange={(e) => set("email", e.target.value)}
          />
          {error("email")}
        </div>
        <div className="min-w-0">
          {label("phone", "Teléfono", true)}
          <input
            {...described("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="300 123 4567"
            maxLength={40}
            onChange={(e) => set("phone", e.target.value)}
          />
          {error("phone")}
        </div>
      </div>
      {stores.length > 0 && (
        <div>
          {label("store", "¿A qué tienda le escribes?", true)}
          <select {...described("store")} onChange={(e) => set("store", e.target.value)}>
            <option value="">Cualquiera de nuestras tiendas</option>
            {stores.map((store) => (
              <option key={store.id} value={String(store.id)}>
                {store.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        {label("message", "Mensaje")}
        <textarea
          {...described("message")}
          required
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          onChange={(e) => set("message", e.target.value)}
        />
        {error("message")}
      </div>
      <FormFailure message={failure} />
      <SubmitButton busy={sending} label="Enviar mensaje" busyLabel="Enviando..." className={SEND_BUTTON} />
    </form>
  );
}
