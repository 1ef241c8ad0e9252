type Props = { message: string; onRetry: () => void };

/** The spec's generic error block: "Error al cargar datos" with the reason and a retry (spec 2 §8). */
export function LoadError({ message, onRetry }: Props) {
  return (
    <div className="rounded-xl border border-red-200 bg-red-50 p-5 text-center">
      <p className="font-semibold text-red-900">Error al cargar datos</p>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      >
        Reintentar
      </button>
    </div>
  );
}
