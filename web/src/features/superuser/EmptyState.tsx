export function EmptyState({ message }: { message: string }) {
  return (
    <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-10 text-center text-sm text-stone-600">
      {message}
    </p>
  );
}
