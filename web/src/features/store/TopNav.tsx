import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { cartCountAtom } from "../../lib/cart";
import { homeFor } from "../../lib/roles";
import { sessionAtom } from "../../lib/session";

const PAGES = [
  { to: "/", label: "Inicio" },
  { to: "/products", label: "Productos" },
  { to: "/about", label: "Nosotros" },
  { to: "/contact", label: "Contacto" },
] as const;

const linkClass =
  "whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900";
const activeClass = "bg-stone-100 text-stone-900";

export function TopNav() {
  const user = useAtomValue(sessionAtom);
  const count = useAtomValue(cartCountAtom);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  // the shop has no customer accounts: the only sign-in is the staff's, and it says so
  const account = (className: string) =>
    user ? (
      <Link to={homeFor(user.role)} onClick={close} className={className}>
        Mi panel
      </Link>
    ) : (
      <Link to="/login" onClick={close} className={className}>
        Acceso empleados
      </Link>
    );

  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      {/* gap-3 keeps "Horma" apart from the account link however narrow the phone (390 px and under) */}
      <nav aria-label="Principal" className="mx-auto flex max-w-6xl items-center gap-3 px-3 py-2 sm:px-4">
        <Link to="/" onClick={close} data-testid="brand" className="mr-auto flex shrink-0 items-center gap-2 px-1 py-1">
          <img src="/favicon.svg" alt="" className="size-7" />
          <span className="text-lg font-bold tracking-tight text-stone-900">Horma</span>
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          {PAGES.map((page) => (
            <Link
              key={page.to}
              to={page.to}
              className={linkClass}
              activeProps={{ className: activeClass, "aria-current": "page" }}
              activeOptions={{ exact: true, includeSearch: false }}
            >
              {page.label}
            </Link>
          ))}
        </div>

        <div className="flex min-w-0 items-center gap-1">
          {/* on a phone it lives in the menu: the bar fits 360 px without scrolling sideways */}
          {account(`${linkClass} hidden md:inline-flex`)}
          <Link to="/cart" onClick={close} className={`${linkClass} flex items-center gap-1.5 px-2`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 sm:hidden" fill="none" stroke="currentColor">
              <path
                strokeWidth="1.8"
                strokeLinejoin="round"
                d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9z"
              />
              <path strokeWidth="1.8" strokeLinecap="round" d="M9 8V6.5a3 3 0 0 1 6 0V8" />
            </svg>
            <span className="sr-only sm:not-sr-only">Carrito</span>
            {/* orange-700: white text on orange-600 is 3.6:1, under WCAG AA's 4.5:1 */}
            <span className="min-w-5 rounded-full bg-orange-700 px-1.5 text-center text-xs font-semibold text-white">
              {count}
            </span>
          </Link>
          <button
            type="button"
            onClick={() => setOpen((isOpen) => !isOpen)}
            aria-expanded={open}
            aria-controls="menu-movil"
            className="min-w-16 rounded-lg border border-stone-300 px-2.5 py-1.5 text-center text-sm font-medium text-stone-700 md:hidden"
          >
            {open ? "Cerrar" : "Menú"}
          </button>
        </div>
      </nav>

      {open && (
        <div id="menu-movil" className="border-t border-stone-200 bg-white px-3 pb-3 md:hidden">
          <ul className="flex flex-col pt-2">
            {PAGES.map((page) => (
              <li key={page.to}>
                <Link
                  to={page.to}
                  onClick={close}
                  className={`block ${linkClass}`}
                  activeProps={{ className: activeClass, "aria-current": "page" }}
                  activeOptions={{ exact: true, includeSearch: false }}
                >
                  {page.label}
                </Link>
              </li>
            ))}
            <li className="mt-1 border-t border-stone-100 pt-1">{account(`block ${linkClass}`)}</li>
          </ul>
        </div>
      )}
    </header>
  );
}
