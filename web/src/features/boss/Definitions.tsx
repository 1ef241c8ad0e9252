/** "¿Cómo se calcula?": the definitions behind a panel's figures, folded so they do not crowd the numbers. */
export function Definitions({
  items,
  title = "¿Cómo se calculan estas cifras?",
}: {
  items: readonly string[];
  title?: string;
}) {
  return (
    <details className="group mt-3 rounded-lg bg-stone-50 px-3 py-2 text-xs text-stone-600">
      <summary className="cursor-pointer font-medium text-stone-700 select-none">
        <span
          aria-hidden="true"
          className="mr-1 inline-flex size-4 items-center justify-center rounded-full border border-stone-400 text-[10px] font-bold"
        >
          i
        </span>
        {title}
      </summary>
      <ul className="mt-1.5 list-disc space-y-1 pl-4">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}
