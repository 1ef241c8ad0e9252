import { useEffect, useState } from "react";

/** The value once it has stopped changing for `ms` (a search sent when typing pauses). */
export function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
