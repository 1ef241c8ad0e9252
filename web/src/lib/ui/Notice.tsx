import type { ReactNode } from "react";

const TONE = {
  success: "border-green-200 bg-green-50 text-green-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-800",
} as const;

export type NoticeTone = keyof typeof TONE;

type Props = { tone: NoticeTone; children: ReactNode; onClose?: () => void };

/** A message box; errors and warnings are announced as alerts, the rest politely. */
export function Notice({ tone, children, onClose }: Props) {
  const urgent = tone === "error" || tone === "warning";
  return (
    <div
      role={urgent ? "alert" : "status"}
      className={`flex items-start justify-between gap-3 rounded-lg border px-3 py-2.5 text-sm ${TONE[tone]}`}
    >
      <div className="min-w-0 whitespace-pre-line">{children}</div>
      {onClose && (
        <button type="button" onClick={onClose} aria-label="Cerrar mensaje" className="shrink-0 px-1 font-bold">
          ×
        </button>
      )}
    </div>
  );
}
