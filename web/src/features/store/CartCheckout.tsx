import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import {
  CONTACT_NAME_MAX,
  CONTACT_NAME_REQUIRED,
  CONTACT_PHONE_INVALID,
  formatWhatsapp,
  isPhoneLike,
} from "../../../../shared/contact";
import { NEWSLETTER_EMAIL_INVALID } from "../../../../shared/messages";
import { HOLD_HOURS } from "../../../../shared/reservations";
import { ApiError } from "../../api/http";
import { type PublicReservation, reserveAtStore } from "../../api/reservations";
import type { CartLine } from "../../lib/cart";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { ErrorState } from "../../lib/ui/ErrorState";
import { FormFailure } from "../../lib/ui/form";
import { Spinner } from "../../lib/ui/Spinner";
import { SubmitButton } from "../../lib/ui/SubmitButton";
import { type StoreFit, storesForCart, whatsappOrderLink } from "./order";
import { storeQueries } from "./queries";

const RESERVE_BUTTON =
  "w-full rounded-lg bg-orange-700 px-4 py-3 font-semibold text-white hover:bg-orange-800 disabled:opacity-60 sm:w-auto";

const Fields = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, CONTACT_NAME_REQUIRED), v.maxLength(CONTACT_NAME_MAX)),
  phone: v.pipe(v.string(), v.trim(), v.check(isPhoneLike, CONTACT_PHONE_INVALID)),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.check((x) => x === "" || v.is(v.pipe(v.string(), v.email()), x), NEWSLETTER_EMAIL_INVALID),
  ),
});
type Values = { name: string; phone: string; email: string };
type Errors = Partial<Record<keyof Values, string>>;

const inputClass =
  "mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2.5 text-base text-stone-900 focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30";
const SEND_FAILED = "No pudimos enviar tu reserva. Revisa tu conexión e intenta de nuevo.";

/**
 * Where the cart ends (issue 32 §6): the shopper picks a store (those with every size free first) and
 * either reserves there for HOLD_HOURS with name and phone, or sends the order by WhatsApp to the store.
 */
export function CartCheckout({
  lines,
  onReserved,
}: {
  lines: readonly CartLine[];
  onReserved: (r: PublicReservation) => void;
}) {
  const remote = useRemoteData(storeQueries.cartStores(lines.map((l) => l.product_id)));
  const [chosen, setChosen] = useState<number | null>(null);

  if (!remote.data && remote.error) return <ErrorState message={remote.error} onRetry={remote.reload} />;
  if (!remote.data) return <Spinner label="Buscando tiendas con tus tallas..." />;
  const fits = storesForCart(lines, remote.data.stores, remote.data.stock);
  const selected = fits.find((f) => f.store.id === chosen) ?? null;
  return (
    <section aria-labelledby="cart-where" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="cart-where" className="text-lg font-semibold text-stone-900">
        ¿Dónde lo recoges?
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Reserva en una tienda que tenga todas tus tallas (te las guardamos {HOLD_HOURS} horas) o haz tu pedido por
        WhatsApp.
      </p>
      {fits.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">Por ahora no hay tiendas abiertas.</p>
      ) : (
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">Tienda</legend>
          {fits.map((fit) => (
            <StoreChoice key={fit.store.id} fit={fit} checked={chosen === fit.store.id} onChoose={setChosen} />
          ))}
        </fieldset>
      )}
      {selected && <StoreActions key={selected.store.id} fit={selected} lines={lines} onReserved={onReserved} />}
      {!selected && fits.length > 0 && !fits.some((f) => f.complete) && (
        <p className="mt-3 text-sm text-stone-700">
          Ninguna tienda tiene todas tus tallas juntas: elige una para pedir por WhatsApp, o cambia tu carrito.
        </p>
      )}
    </section>
  );
}

function StoreChoice({ fit, checked, onChoose }: { fit: StoreFit; checked: boolean; onChoose: (id: number) => void }) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${checked ? "border-orange-600 bg-orange-50" : "border-stone-200"}`}
    >
      <input
        id={id}
        type="radio"
        name="cart-store"
        checked={checked}
        onChange={() => onChoose(fit.store.id)}
        className="mt-1 size-4 shrink-0 accent-orange-700"
      />
      <span className="min-w-0 text-sm">
        <span className="block font-semibold text-stone-900">{fit.store.name}</span>
        {fit.store.address && <span className="block text-stone-600">{fit.store.address}</span>}
        {fit.store.opening_hours && <span className="block text-stone-600">{fit.store.opening_hours}</span>}
        <span className={`mt-1 block font-medium ${fit.complete ? "text-green-800" : "text-amber-800"}`}>
          {fit.complete ? "Tiene todo tu pedido" : `No tiene: ${fit.missing.join(", ")}`}
        </span>
      </span>
    </label>
  );
}

function StoreActions({
  fit,
  lines,
  onReserved,
}: {
  fit: StoreFit;
  lines: readonly CartLine[];
  onReserved: (r: PublicReservation) => void;
}) {
  const [values, setValues] = useState<Values>({ name: "", phone: "", email: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const keys = useIdempotencyKeys();
  const base = useId();
  const whatsapp = whatsappOrderLink(fit.store, lines, values.name);
  const set = (field: keyof Values, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = v.safeParse(Fields, values);
    if (!parsed.success) {
      const flat = v.flatten<typeof Fields>(parsed.issues).nested ?? {};
      setErrors({ name: flat.name?.[0], phone: flat.phone?.[0], email: flat.email?.[0] });
      return;
    }
    setErrors({});
    setFailure(null);
    const { name, phone, email } = parsed.output;
    const body = {
      location_id: fit.store.id,
      name,
      phone,
      ...(email ? { email } : {}),
      items: lines.map((l) => ({ product_id: l.product_id, size: l.size, quantity: l.quantity })),
    };
    setSending(true);
    try {
      const answer = await keys.send(body, (key) => reserveAtStore(body, key));
      onReserved(answer.reservation);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.kind === "http" && error.status < 500 ? error.message : SEND_FAILED,
      );
    } finally {
      setSending(false);
    }
  }

  const field = (name: keyof Values, label: string, input: Record<string, unknown>, optional = false) => (
    <div className="min-w-0">
      <label htmlFor={`${base}-${name}`} className="block text-sm font-medium text-stone-700">
        {label}
        {optional && <span className="font-normal text-stone-600"> (opcional)</span>}
      </label>
      <input
        id={`${base}-${name}`}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${base}-${name}-error` : undefined}
        className={inputClass}
        {...input}
      />
      {errors[name] && (
        <p id={`${base}-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="mt-4 space-y-4 border-t border-stone-200 pt-4">
      {fit.complete ? (
        <form noValidate onSubmit={submit} className="space-y-3" aria-label={`Reservar en ${fit.store.name}`}>
          <h3 className="font-semibold text-stone-900">Reservar en {fit.store.name}</h3>
          {field("name", "Nombre", { autoComplete: "name", maxLength: CONTACT_NAME_MAX })}
          <div className="grid gap-3 sm:grid-cols-2">
            {field("phone", "Celular", { type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 40 })}
            {field("email", "Correo electrónico", { type: "email", inputMode: "email", autoComplete: "email" }, true)}
          </div>
          <p className="text-sm text-stone-600">
            La tienda te llamará para confirmar. Pagas al recoger; si no llegas en {HOLD_HOURS} horas, los pares vuelven
            a la venta.
          </p>
          <FormFailure message={failure} />
          <SubmitButton
            busy={sending}
            label={`Reservar por ${HOLD_HOURS} horas`}
            busyLabel="Reservando..."
            className={RESERVE_BUTTON}
          />
        </form>
      ) : (
        <p className="text-sm text-stone-700">
          {fit.store.name} no tiene todas tus tallas para reservarlas; puedes preguntarle por WhatsApp.
        </p>
      )}
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className="flex w-full items-center justify-center rounded-lg border border-green-700 px-4 py-3 font-semibold text-green-800 hover:bg-green-50 sm:w-auto sm:inline-flex"
        >
          Pedir por WhatsApp a {fit.store.name}
          {fit.store.whatsapp && <span className="sr-only"> ({formatWhatsapp(fit.store.whatsapp)})</span>}
        </a>
      ) : (
        <p className="text-sm text-stone-600">{fit.store.name} no tiene WhatsApp; llama a la tienda o reserva.</p>
      )}
    </div>
  );
}
