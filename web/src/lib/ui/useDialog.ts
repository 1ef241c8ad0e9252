import { useState } from "react";
import type { Flash } from "./Flash";

/**
 * A dialog a section opens on one item (or on `true`): `open` clears the section's last message and shows
 * it, `close` shuts it, `done(text)` shuts it and says the text in the section's flash, as a section's
 * dialogs end when their write succeeded.
 */
export function useDialog<T>(say: (flash: Flash | null) => void) {
  const [item, setItem] = useState<T | null>(null);
  return {
    item,
    open: (next: T) => {
      say(null);
      setItem(next);
    },
    close: () => setItem(null),
    done: (text: string) => {
      setItem(null);
      say({ tone: "success", text });
    },
  };
}
