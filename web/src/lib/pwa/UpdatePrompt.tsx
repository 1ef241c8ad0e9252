import { useRegisterSW } from "virtual:pwa-register/react";

/** How often an open app asks the server for a newer build (a till stays open all day). */
const CHECK_EVERY_MS = 30 * 60 * 1000;

/**
 * Registers the service worker and, when a new build has been installed in the background, offers to
 * switch to it. Never switches on its own: a seller in the middle of a sale decides when.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-stone-900 px-4 py-3 text-white shadow-lg"
    >
      <p className="min-w-0 flex-1 text-sm font-medium">Nueva versión disponible</p>
      <button type="button" className="text-sm text-stone-300 underline" onClick={() => setNeedRefresh(false)}>
        Más tarde
      </button>
      <button
        type="button"
        className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100"
        onClick={() => void updateServiceWorker(true)}
      >
        Actualizar
      </button>
    </div>
  );
}
