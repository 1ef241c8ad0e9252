import { formatDateTime } from "../../lib/format";

/** The spec's banner when the server cannot be reached (warehouse and courier). */
export const CONNECTION_BANNER = "Error de conexión - Usando datos locales";

type Props = {
  title?: string;
  /** The server's or the connection's message. */
  detail: string | null;
  /** When the data still shown was received; null when there is none. */
  receivedAt: string | null;
  busy: boolean;
  onRetry: () => void;
};

/** What failed, which real data (if any) is still shown and when it arrived, and a retry. */
export function ConnectionBanner({ title = CONNECTION_BANNER, detail, receivedAt, busy, onRetry }: Props) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          {detail && <p className="mt-0.5 text-sm">{detail}</p>}
          <p className="mt-1 text-sm" data-testid="stale-label">
            {receivedAt
              ? `Mostrando los últimos datos recibidos (${formatDateTime(receivedAt)}); pueden no estar al día.`
              : "Aún no hay datos guardados en este dispositivo para mostrar."}
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
