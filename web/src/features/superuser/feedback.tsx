import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import type { ToastItem } from "../../lib/ui/Toasts";

/** A toast of the shared stack (lib/ui/Toasts); the console only uses success and error. */
export type Toast = ToastItem;

type Feedback = {
  /** A success notice with the spec's text ("Empresa creada exitosamente", ...). */
  success: (text: string) => void;
  /** A failed action: "Error: {message}" (spec 2 §8), shown as a notice instead of a browser alert. */
  failure: (error: unknown) => void;
  /** A load's failure (message) or recovery (null), shown in the red banner at the top. */
  reportLoad: (name: string, message: string | null) => void;
};

const FeedbackContext = createContext<Feedback | null>(null);

/** What the area shows: the toasts and the failed loads' messages. */
export type FeedbackView = { toasts: Toast[]; dismiss: (id: number) => void; loadErrors: string[] };

const SUCCESS_MS = 5000;
const ERROR_MS = 9000;

export function errorText(error: unknown): string {
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

/** Holds the console's notices; children report through useFeedback(), `render` draws them. */
export function FeedbackProvider({
  children,
  render,
}: {
  children: ReactNode;
  render: (view: FeedbackView) => ReactNode;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [loads, setLoads] = useState<Record<string, string>>({});
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (tone: "success" | "error", title: string) => {
      const id = nextId.current++;
      // Newest first, at most four on screen.
      setToasts((list) => [{ id, tone, title }, ...list].slice(0, 4));
      setTimeout(() => dismiss(id), tone === "success" ? SUCCESS_MS : ERROR_MS);
    },
    [dismiss],
  );

  const value = useMemo<Feedback>(
    () => ({
      success: (text) => push("success", text),
      failure: (error) => {
        // An aborted call was replaced by a newer one; nothing to tell.
        if (error instanceof DOMException && error.name === "AbortError") return;
        push("error", errorText(error));
      },
      reportLoad: (name, message) =>
        setLoads((current) => {
          if (message === null) {
            if (!(name in current)) return current;
            const { [name]: _gone, ...rest } = current;
            return rest;
          }
          return current[name] === message ? current : { ...current, [name]: message };
        }),
    }),
    [push],
  );

  const loadErrors = [...new Set(Object.values(loads))];
  return (
    <FeedbackContext.Provider value={value}>
      {render({ toasts, dismiss, loadErrors })}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback fuera de FeedbackProvider");
  return feedback;
}
