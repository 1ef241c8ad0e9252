import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { cartCountAtom, cartTotalAtom } from "../../lib/cart";
import { countLabel, formatCOP } from "../../lib/format";

/**
 * The shopper's page of the storefront (spec 1: /profile). The shop has no customer accounts: what a
 * shopper has here is what this phone keeps (the cart). Staff never see their profile inside the shop:
 * the route sends them to their panel, where "Mi cuenta" is.
 */
export function ProfileCard() {
  const count = useAtomValue(cartCountAtom);
  const total = useAtomValue(cartTotalAtom);
  return (
    <div className="space-y-4">
      <section aria-label="Tu carrito" className="rounded-xl border border-stone-200 bg-white p-6">
        <h2 className="text-lg font-semibold text-stone-900">Tu carrito</h2>
        <p className="mt-1 text-sm text-stone-600">
          {count === 0
            ? "Está vacío. Elige tus pares en el catálogo."
            : `${countLabel(count, "par", "pares")} por ${formatCOP(total)}, guardados en este teléfono.`}
        </p>
        <Link
          to={count === 0 ? "/products" : "/cart"}
          className="mt-4 inline-block rounded-lg bg-stone-900 px-5 py-2.5 font-semibold text-white hover:bg-stone-800"
        >
          {count === 0 ? "Ver productos" : "Ir al carrito"}
        </Link>
      </section>
      <section
        aria-label="Sin cuenta"
        className="rounded-xl border border-stone-200 bg-white p-6 text-sm text-stone-700"
      >
        <p>
          No necesitas una cuenta para comprar: tu carrito queda en este teléfono, y para una talla, un modelo o un
          pedido nos escribes desde{" "}
          <Link to="/contact" className="font-medium text-orange-800 underline">
            Contacto
          </Link>
          .
        </p>
        <p className="mt-3 text-stone-500">
          ¿Trabajas en una de nuestras tiendas?{" "}
          <Link to="/login" className="font-medium text-stone-700 underline">
            Acceso empleados
          </Link>
        </p>
      </section>
    </div>
  );
}
