import { Link } from "@tanstack/react-router";
import { useAtomValue, useSetAtom } from "jotai";
import { cartAtom, cartCountAtom, cartTotalAtom, clearCartAtom } from "../../lib/cart";
import { countLabel, formatCOP } from "../../lib/format";
import { CartLineItem } from "./CartLineItem";

export function CartView() {
  const lines = useAtomValue(cartAtom);
  const total = useAtomValue(cartTotalAtom);
  const count = useAtomValue(cartCountAtom);
  const clear = useSetAtom(clearCartAtom);

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
              <CartLineItem key={line.product_id} line={line} />
            ))}
          </ul>
          <div className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
            <div className="flex items-baseline justify-between">
              <p className="text-stone-700">Total ({countLabel(count, "par", "pares")})</p>
              <p className="text-2xl font-bold text-stone-900" data-testid="cart-total">
                {formatCOP(total)}
              </p>
            </div>
            {/* There is no online checkout: say so instead of showing a payment button that does nothing. */}
            <p className="mt-3 text-sm text-stone-600">
              El pago en línea aún no está disponible. Guarda tu selección y acércate a una de nuestras tiendas para
              comprarla.
            </p>
            <button
              type="button"
              onClick={clear}
              className="mt-4 rounded-lg border border-stone-300 px-4 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
            >
              Vaciar carrito
            </button>
          </div>
        </>
      )}
    </div>
  );
}
