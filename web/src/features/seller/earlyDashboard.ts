import { fetchVendorDashboard } from "../../api/seller";
import { sessionAtom } from "../../lib/session";
import { appStore } from "../../lib/store";

/** An early answer is used only this soon after it was asked for; later the screen asks again. */
const FRESH_FOR_MS = 10_000;

type Early = { answer: ReturnType<typeof fetchVendorDashboard>; at: number; token: string };
let early: Early | null = null;

// a change of session (logout, another login) drops an answer asked for with the previous token; the
// same session's details refreshed by /auth/me keep it
appStore.sub(sessionAtom, () => {
  if (early && appStore.get(sessionAtom)?.token !== early.token) early = null;
});

/**
 * Asks for the seller's dashboard as soon as the route is entered, while the dashboard's own code is
 * still downloading (one round trip less before the panel shows).
 */
export function startVendorDashboard(): void {
  const token = appStore.get(sessionAtom)?.token;
  if (!token) return;
  const answer = fetchVendorDashboard();
  answer.catch(() => undefined); // the screen reads the failure; unread, it is no unhandled rejection
  early = { answer, at: Date.now(), token };
}

/** The dashboard's load: the answer asked for on entry if still fresh (used once), else a new call. */
export function loadVendorDashboard(signal?: AbortSignal): ReturnType<typeof fetchVendorDashboard> {
  const started = early;
  early = null;
  const fresh = started && Date.now() - started.at < FRESH_FOR_MS;
  if (fresh && started.token === appStore.get(sessionAtom)?.token) return started.answer;
  return fetchVendorDashboard(signal);
}
