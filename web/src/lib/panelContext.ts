import { createContext, useContext } from "react";

/**
 * What a panel's layout route shares with its tab routes (one live board, its notices and dialogs):
 * the provider the layout wraps its outlet in, and the hook a tab reads it with.
 */
export function panelContext<T>(panel: string) {
  const Context = createContext<T | null>(null);
  function usePanel(): T {
    const shared = useContext(Context);
    if (!shared) throw new Error(`${panel}: una pestaña fuera de su panel`);
    return shared;
  }
  return { Provider: Context.Provider, usePanel };
}
