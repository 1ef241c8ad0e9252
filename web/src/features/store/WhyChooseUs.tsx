const REASONS = [
  {
    title: "Tu talla, aunque no esté aquí",
    text: "Vemos el inventario de todas nuestras tiendas y bodegas, y traemos tu par desde la sede donde esté.",
  },
  {
    title: "Para cada deporte",
    text: "Running, tenis, baloncesto y casual: modelos elegidos para el uso que les vas a dar.",
  },
  {
    title: "Precios claros",
    text: "Cada precio se muestra en pesos colombianos, con el valor final del par.",
  },
  {
    title: "Asesoría de verdad",
    text: "Nuestro equipo en tienda te ayuda a elegir la horma y la talla que mejor te quedan.",
  },
] as const;

export function WhyChooseUs() {
  return (
    <section aria-labelledby="por-que" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="por-que" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
        ¿Por qué comprar con nosotros?
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {REASONS.map((reason) => (
          <li key={reason.title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <span aria-hidden="true" className="block h-1 w-10 rounded-full bg-orange-600" />
            <h3 className="mt-4 font-semibold text-stone-900">{reason.title}</h3>
            <p className="mt-2 text-sm text-stone-600">{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
