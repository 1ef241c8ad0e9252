export function Spinner({ label = "Cargando..." }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-8 text-stone-600">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-stone-300 border-t-orange-600"
      />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}

/** Shown while the stored session is re-validated and while a route chunk loads. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-stone-50">
      <Spinner />
    </div>
  );
}
