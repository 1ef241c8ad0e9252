type Props = { children: string; items: readonly string[] };

/** What an area will hold; the real screens arrive with their features (no sample figures meanwhile). */
export function AreaIntro({ children, items }: Props) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <p className="text-stone-700">{children}</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2 text-sm text-stone-600">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-orange-600" />
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-stone-500">Estas secciones se están habilitando por etapas.</p>
    </section>
  );
}
