import type { LiveMode } from "./useTransferLive";

type Props = { mode: LiveMode; pollSeconds: number };

/** Whether the screen gets pushes ('En vivo') or polls every n seconds. */
export function LiveBadge({ mode, pollSeconds }: Props) {
  const live = mode === "live";
  const text = live ? "En vivo" : mode === "connecting" ? "Conectando..." : `Actualización cada ${pollSeconds} s`;
  return (
    <span
      data-testid="live-mode"
      data-mode={mode}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${
        live ? "bg-green-50 text-green-800" : "bg-stone-100 text-stone-700"
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${live ? "animate-pulse bg-green-600" : "bg-stone-400"}`}
      />
      {text}
    </span>
  );
}
