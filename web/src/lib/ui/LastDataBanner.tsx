import { formatDateTime } from "../format";
import type { LoadReason, RemoteData } from "../query/useRemoteData";

type Props = {
  /** What failed, e.g. 'Error al cargar datos' or 'Error de conexión - Usando datos locales'. */
  title: string;
  /** The server's or the connection's message. */
  detail: string | null;
  /** When the data still shown was received; null when there is none. */
  receivedAt: string | null;
  busy: boolean;
  onRetry: () => void;
  /** The text when nothing was kept on this device. */
  noDataText?: string;
  className?: string;
};

/** A failed load: what happened, which real data (if any) is still on screen and when it arrived, and a retry. */
export function LastDataBanner({
  title,
  detail,
  receivedAt,
  busy,
  onRetry,
  noDataText = "Aún no hay datos guardados en este dispositivo para mostrar.",
  className = "",
}: Props) {
  return (
    <div role="alert" className={`rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          {detail && <p className="mt-0.5 text-sm">{detail}</p>}
          <p className="mt-1 text-sm" data-testid="stale-label">
            {receivedAt
              ? `Mostrando los últimos datos recibidos (${formatDateTime(receivedAt)}); pueden no estar al día.`
              : noDataText}
          </p>
        </div>
        <button
          type="button"
          onClick={() => onRetry()}
          disabled={busy}
          className="shrink-0 rounded-lg bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
        >
          {busy ? "Reintentando..." : "Reintentar"}
        </button>
      </div>
    </div>
  );
}

type FailedLoadProps = Pick<Props, "title" | "noDataText" | "className"> & {
  live: Pick<RemoteData<unknown>, "status" | "error" | "receivedAt" | "busy" | "reload">;
  /** The retry's reason for the reload (the live boards tell a retry from a manual refresh). */
  retryReason?: LoadReason;
};

/** The banner of one remote read, shown while its last load failed. */
export function FailedLoadBanner({ live, retryReason, ...props }: FailedLoadProps) {
  if (live.status !== "error") return null;
  return (
    <LastDataBanner
      {...props}
      detail={live.error}
      receivedAt={live.receivedAt}
      busy={live.busy}
      onRetry={() => live.reload(retryReason)}
    />
  );
}

/** The spec's banner when the server cannot be reached (warehouse and courier). */
export const CONNECTION_BANNER = "Error de conexión - Usando datos locales";
