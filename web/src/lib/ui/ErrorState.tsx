type Props = { message: string; onRetry: () => void; title?: string };

/** A failed load with nothing to show: the reason (under a title such as 'Error al cargar datos') and a retry. */
export function ErrorState({ message, onRetry, title }: Props) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-center">
      {title && <p className="font-semibold text-red-900">{title}</p>}
      <p className={`text-sm text-red-800 ${title ? "mt-1" : ""}`}>{message}</p>
      <button
        type="button"
        onClick={() => onRetry()}
        className="mt-3 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      >
        Reintentar
      </button>
    </div>
  );
}
