import type { Toast } from "./feedback";

type Props = { toasts: Toast[]; onDismiss: (id: number) => void };

/** Success and error notices of actions, bottom of the screen on phones, top right on larger screens. */
export function Toasts({ toasts, onDismiss }: Props) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col gap-2 sm:inset-x-auto sm:top-16 sm:right-4 sm:bottom-auto sm:w-96"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === "error" ? "alert" : "status"}
          data-testid={`toast-${toast.tone}`}
          className={`pointer-events-auto flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
            toast.tone === "error"
              ? "border-red-300 bg-red-50 text-red-900"
              : "border-green-300 bg-green-50 text-green-900"
          }`}
        >
          <span className="min-w-0 break-words">{toast.text}</span>
          <button
            type="button"
            onClick={() => onDismiss(toast.id)}
            aria-label="Cerrar mensaje"
            className="shrink-0 px-1 font-bold"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
