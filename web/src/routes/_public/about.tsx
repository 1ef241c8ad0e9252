import { createFileRoute, Link } from "@tanstack/react-router";

export const Route = createFileRoute("/_public/about")({
  component: AboutPage,
});

const VALUES = [
  {
    title: "Inventario unificado",
    text: "Cada par está registrado por referencia, talla y sede, incluidas las unidades de exhibición. Sabemos en segundos dónde está tu talla.",
  },
  {
    title: "Traslados entre sedes",
    text: "Nuestros bodegueros y corredores mueven el calzado entre tiendas y bodegas para que el par llegue a donde lo necesitas.",
  },
  {
    title: "Atención en tienda",
    text: "Nuestros vendedores identifican un modelo con una foto y te dicen al instante si hay existencias y dónde.",
  },
] as const;

function AboutPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Nosotros</h1>
      <p className="mt-4 text-lg text-stone-700">
        Horma vende calzado deportivo y casual desde 2022. Empezamos con la idea de que encontrar el par correcto no
        debería depender de la suerte de que tu talla esté en la tienda que visitas.
      </p>
      <p className="mt-4 text-stone-700">
        Por eso trabajamos como una sola red de tiendas y bodegas: el inventario de todas las sedes se ve desde
        cualquier punto de venta, y si el par que buscas está en otra sede, lo trasladamos.
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {VALUES.map((value) => (
          <li key={value.title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <h2 className="font-semibold text-stone-900">{value.title}</h2>
            <p className="mt-2 text-sm text-stone-600">{value.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link
          to="/products"
          className="rounded-lg bg-stone-900 px-5 py-2.5 font-semibold text-white hover:bg-stone-800"
        >
          Ver productos
        </Link>
        <Link
          to="/contact"
          className="rounded-lg border border-stone-300 px-5 py-2.5 font-semibold text-stone-700 hover:bg-stone-100"
        >
          Contáctanos
        </Link>
      </div>
    </div>
  );
}
