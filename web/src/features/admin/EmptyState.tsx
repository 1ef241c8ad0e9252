export function EmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-5 text-center text-sm text-stone-700">
      {children}
    </p>
  );
}
