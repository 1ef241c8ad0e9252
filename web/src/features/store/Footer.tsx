import { Link } from "@tanstack/react-router";

const NAV = [
  {
    title: "Tienda",
    links: [
      { to: "/products", label: "Productos" },
      { to: "/cart", label: "Carrito" },
    ],
  },
  {
    title: "Empresa",
    links: [
      { to: "/about", label: "Nosotros" },
      { to: "/contact", label: "Contacto" },
      { to: "/login", label: "Acceso del personal" },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Horma</p>
          <p className="mt-2 text-sm">Calzado deportivo y casual desde 2022.</p>
        </div>
        {NAV.map(({ title, links }) => (
          <nav key={title} aria-label={title} className="text-sm">
            <p className="font-semibold text-white">{title}</p>
            <ul className="mt-2 space-y-1">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to} className="hover:text-white">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-stone-800 px-4 py-4 text-center text-xs text-stone-400">
        © {new Date().getFullYear()} Horma. Todos los derechos reservados.
      </p>
    </footer>
  );
}
