import { Link } from "@tanstack/react-router";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";
import { formatWhatsapp, whatsappLink } from "../../../../shared/contact";
import type { PublicReservation } from "../../api/reservations";
import { cartAtom, cartCountAtom, cartTotalAtom, clearCartAtom } from "../../lib/cart";
import { countLabel, formatCOP, formatDateTime, productName } from "../../lib/format";
import { CartCheckout } from "./CartCheckout";
import { CartLineItem } from "./CartLineItem";

/** The last reservation made from this browser: its confirmation stays on /cart until dismissed. */
const lastReservationAtom = atomWithStorage<PublicReservation | null>(
  "horma.reservation",
  null,
  createJSONStorage(() => globalThis.localStorage),
  { getOnInit: true },
);

export function CartView() {
  const lines = useAtomValue(cartAtom);
  const total = useAtomValue(cartTotalAtom);
  const count = useAtomValue(cartCountAtom);
  const clear = useSetAtom(clearCartAtom);
  const [reservation, setReservation] = useAtom(lastReservationAtom);

  if (reservation && typeof reservation.code === "string") {
    return <ReservationDone reservation={reservation} onDone={() => setReservation(null)} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Carrito</h1>

      {lines.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
          <p className="text-stone-700">Tu carrito está vacío.</p>
          <Link
            to="/products"
            className="mt-4 inline-block rounded-lg bg-stone-900 px-5 py-2.5 font-semibold text-white hover:bg-stone-800"
          >
            Ver productos
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white px-4">
            {lines.map((line) => (
              <CartLineItem key={`${line.product_id}|${line.size}`} line={line} />
            ))}
          </ul>
          <div className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
            <div className="flex items-baseline justify-between gap-3">
              <p className="text-stone-700">Total ({countLabel(count, "par", "pares")})</p>
              <p className="text-2xl font-bold text-stone-900" data-testid="cart-total">
                {formatCOP(total)}
              </p>
            </div>
            <p className="mt-3 text-sm text-stone-600">Pagas en la tienda al recoger tu pedido.</p>
            <button
              type="button"
              onClick={clear}
              className="mt-4 rounded-lg border border-stone-300 px-4 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
            >
              Vaciar carrito
            </button>
          </div>
          <CartCheckout
            lines={lines}
            onReserved={(made) => {
              setReservation(made);
              clear();
            }}
          />
        </>
      )}
    </div>
  );
}

/** What the shopper keeps: the code, the store (address, hours, WhatsApp), until when, and what is held. */
function ReservationDone({ reservation: r, onDone }: { reservation: PublicReservation; onDone: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-5">
        <p className="text-sm font-semibold text-green-900">¡Reserva hecha!</p>
        <p className="mt-1 text-sm text-green-900">Tu código de reserva</p>
        <p className="text-3xl font-bold tracking-wider text-green-950" data-testid="reservation-code">
          {r.code}
        </p>
        <p className="mt-3 text-sm text-green-900">
          Te guardamos los pares en <strong>{r.store.name}</strong>: la tienda te llamará para confirmar. Muestra este
          código al llegar y paga allí.
        </p>
        <p className="mt-2 text-sm text-green-900">
          Apartados hasta el <strong>{formatDateTime(r.held_until)}</strong>
        </p>
      </div>
      <div className="mt-4 rounded-xl border border-stone-200 bg-white p-4 text-sm">
        <h2 className="font-semibold text-stone-900">{r.store.name}</h2>
        {r.store.address && <p className="text-stone-700">{r.store.address}</p>}
        {r.store.opening_hours && <p className="text-stone-700">{r.store.opening_hours}</p>}
        {r.store.phone && <p className="text-stone-700">Teléfono {r.store.phone}</p>}
        {r.store.whatsapp && (
          <a
            href={whatsappLink(r.store.whatsapp, `Hola, ${r.store.name}. Tengo la reserva ${r.code}.`)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block font-semibold text-green-800 underline"
          >
            WhatsApp {formatWhatsapp(r.store.whatsapp)}
          </a>
        )}
        <ul className="mt-3 divide-y divide-stone-100 border-t border-stone-100">
          {r.lines.map((line) => (
            <li key={`${line.product_id}|${line.size}`} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                {productName(line)} · talla {line.size} × {line.quantity}
              </span>
              <span className="shrink-0 font-medium tabular-nums">{formatCOP(line.unit_price * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex justify-between border-t border-stone-200 pt-2 font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{formatCOP(r.total_amount)}</span>
        </p>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to="/products"
          onClick={onDone}
          className="rounded-lg bg-stone-900 px-5 py-2.5 font-semibold text-white hover:bg-stone-800"
        >
          Seguir comprando
        </Link>
      </div>
    </div>
  );
}
