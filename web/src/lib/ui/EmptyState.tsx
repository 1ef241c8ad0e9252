/** An empty list's text (and an optional detail line) in a dashed box. */
export function EmptyState({ text, detail }: { text: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-8 text-center">
      <p className={detail ? "font-semibold text-stone-800" : "text-sm text-stone-700"}>{text}</p>
      {detail && <p className="mt-1 text-sm text-stone-600">{detail}</p>}
    </div>
  );
}
