import { Link } from "@tanstack/react-router";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Horma</p>
          <p className="mt-2 text-sm">Calzado deportivo y casual desde 2022.</p>
        </div>
        <nav aria-label="Tienda" className="text-sm">
          <p className="font-semibold text-white">Tienda</p>
          <ul className="mt-2 space-y-1">
            <li>
              <Link to="/products" className="hover:text-white">
                Productos
              </Link>
            </li>
            <li>
              <Link to="/cart" className="hover:text-white">
                Carrito
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Empresa" className="text-sm">
          <p className="font-semibold text-white">Empresa</p>
          <ul className="mt-2 space-y-1">
            <li>
              <Link to="/about" className="hover:text-white">
                Nosotros
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-white">
                Contacto
              </Link>
            </li>
            <li>
              <Link to="/login" className="hover:text-white">
                Acceso del personal
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-stone-800 px-4 py-4 text-center text-xs text-stone-400">
        © {new Date().getFullYear()} Horma. Todos los derechos reservados.
      </p>
    </footer>
  );
}
