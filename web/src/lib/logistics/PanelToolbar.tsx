import { secondaryButton } from "../ui/classes";
import { LiveBadge } from "./LiveBadge";
import { NotificationBell } from "./NotificationBell";
import type { AppNotification } from "./notifications";
import type { LiveMode } from "./useTransferLive";

type Props = {
  mode: LiveMode;
  pollSeconds: number;
  receivedAt: string | null;
  /** A refresh the user asked for is running. */
  refreshing: boolean;
  onRefresh: () => void;
  notifications: AppNotification[];
  onDismiss: (id: number) => void;
  onDismissAll: () => void;
};

// Time only: on a phone the full date would not fit next to the buttons.
const timeFormatter = new Intl.DateTimeFormat("es-CO", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "America/Bogota",
});

/** Live state and last update on the left; 'Actualizar' and the bell on the right (one row on a phone). */
export function PanelToolbar(props: Props) {
  return (
    <div className="flex items-center justify-between gap-2">
      <div className="min-w-0">
        <LiveBadge mode={props.mode} pollSeconds={props.pollSeconds} />
        {props.receivedAt && (
          <p className="mt-1 truncate text-xs text-stone-600">
            Actualizado: {timeFormatter.format(new Date(props.receivedAt))}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <button type="button" onClick={props.onRefresh} disabled={props.refreshing} className={secondaryButton}>
          {props.refreshing ? "Actualizando..." : "Actualizar"}
        </button>
        <NotificationBell items={props.notifications} onDismiss={props.onDismiss} onDismissAll={props.onDismissAll} />
      </div>
    </div>
  );
}
