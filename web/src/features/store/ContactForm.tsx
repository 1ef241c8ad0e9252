import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import { NEWSLETTER_EMAIL_INVALID } from "../../../../shared/messages";

const ContactFields = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, "Escribe tu nombre.")),
  email: v.pipe(v.string(), v.trim(), v.email(NEWSLETTER_EMAIL_INVALID)),
  message: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(10, "Cuéntanos un poco más (mínimo 10 caracteres)."),
    v.maxLength(2000, "El mensaje es demasiado largo (máximo 2000 caracteres)."),
  ),
});

type Field = keyof v.InferInput<typeof ContactFields>;
type Errors = Partial<Record<Field, string>>;

const inputClass =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base focus:border-orange-600 focus:outline-none aria-[invalid=true]:border-red-500";

/** Validated in the browser only: the API has no contact endpoint, and the thank-you says so honestly. */
export function ContactForm() {
  const [values, setValues] = useState<Record<Field, string>>({ name: "", email: "", message: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [sentBy, setSentBy] = useState<string | null>(null);
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = v.safeParse(ContactFields, values);
    if (!result.success) {
      const flat = v.flatten<typeof ContactFields>(result.issues).nested ?? {};
      setErrors({ name: flat.name?.[0], email: flat.email?.[0], message: flat.message?.[0] });
      return;
    }
    setErrors({});
    setSentBy(result.output.name);
  }

  if (sentBy) {
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-6">
        <p className="font-semibold text-green-900">¡Gracias por escribirnos, {sentBy}!</p>
        <p className="mt-2 text-sm text-green-800">
          El envío de mensajes desde la web todavía se está habilitando. Mientras tanto, te atendemos con gusto en
          cualquiera de nuestras tiendas.
        </p>
      </div>
    );
  }

  const field = (name: Field, label: string, input: "input" | "textarea", type = "text") => {
    const common = {
      id: idOf(name),
      name,
      required: true,
      value: values[name],
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": errors[name] ? `${idOf(name)}-error` : undefined,
      className: inputClass,
    };
    return (
      <div>
        <label htmlFor={idOf(name)} className="block text-sm font-medium text-stone-700">
          {label}
        </label>
        {input === "textarea" ? (
          <textarea
            {...common}
            rows={5}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        ) : (
          <input
            {...common}
            type={type}
            autoComplete={name === "email" ? "email" : "name"}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        )}
        {errors[name] && (
          <p id={`${idOf(name)}-error`} className="mt-1 text-sm text-red-700">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {field("name", "Nombre", "input")}
      {field("email", "Correo electrónico", "input", "email")}
      {field("message", "Mensaje", "textarea")}
      <button
        type="submit"
        className="w-full rounded-lg bg-stone-900 px-4 py-3 font-semibold text-white hover:bg-stone-800 sm:w-auto"
      >
        Enviar mensaje
      </button>
    </form>
  );
}
