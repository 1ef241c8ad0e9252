export type ToastTone = "success" | "info" | "warning" | "error";

export type ToastItem = { id: number; tone: ToastTone; title: string; message?: string };

export const TOAST_TONE: Record<ToastTone, string> = {
  success: "border-green-300 bg-green-50 text-green-950",
  info: "border-sky-300 bg-sky-50 text-sky-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  error: "border-red-300 bg-red-50 text-red-900",
};

type Props = {
  items: readonly ToastItem[];
  onDismiss: (id: number) => void;
  /** The close button's name for one toast ('Cerrar mensaje', 'Descartar: <title>'). */
  dismissLabel?: (item: ToastItem) => string;
  testId?: (item: ToastItem) => string;
};

/** The app's one toast stack: bottom of the screen on phones, top right on larger screens. */
export function Toasts({
  items,
  onDismiss,
  dismissLabel = () => "Cerrar mensaje",
  testId = (item) => `toast-${item.tone}`,
}: Props) {
  if (items.length === 0) return null;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-3 z-50 flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:top-20 sm:right-4 sm:bottom-auto sm:items-end"
    >
      {items.map((item) => (
        <div
          key={item.id}
          role={item.tone === "error" || item.tone === "warning" ? "alert" : "status"}
          data-testid={testId(item)}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-3 py-2 text-sm shadow-lg ${TOAST_TONE[item.tone]}`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">{item.title}</p>
            {item.message && <p className="break-words">{item.message}</p>}
          </div>
          <button
            type="button"
            onClick={() => onDismiss(item.id)}
            aria-label={dismissLabel(item)}
            className="shrink-0 px-1 text-lg leading-none font-bold"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
