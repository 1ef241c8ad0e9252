import { formatDateTime } from "../../lib/format";

export const LOAD_ERROR = "Error al cargar datos";

type Props = {
  /** The server's or the connection's message. */
  detail: string | null;
  /** When the data still shown was received; null when there is none. */
  receivedAt: string | null;
  busy: boolean;
  onRetry: () => void;
  /** The section already shows data received earlier in this visit or on this device. */
  hasData: boolean;
};

/** The spec's generic error block: 'Error al cargar datos', which real data is still shown, and 'Reintentar'. */
export function LoadError({ detail, receivedAt, busy, onRetry, hasData }: Props) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{LOAD_ERROR}</p>
          {detail && <p className="mt-0.5 text-sm">{detail}</p>}
          <p className="mt-1 text-sm" data-testid="stale-label">
            {hasData && receivedAt
              ? `Mostrando los últimos datos recibidos (${formatDateTime(receivedAt)}); pueden no estar al día.`
              : "No hay datos guardados en este dispositivo para mostrar."}
          </p>
        </div>
        <button
          type="button"
          onClick={onRetry}
          disabled={busy}
          className="shrink-0 rounded-lg bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
        >
          {busy ? "Reintentando..." : "Reintentar"}
        </button>
      </div>
    </div>
  );
}
