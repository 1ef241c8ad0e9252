import type { createStore } from "jotai";
import { fetchCurrentUser } from "../../api/auth";
import { ApiError } from "../../api/http";
import {
  refreshSessionUserAtom,
  sessionAtom,
  sessionCheckAtom,
  signOutAtom,
  toSessionDetails,
} from "../../lib/session";

type Store = ReturnType<typeof createStore>;

/**
 * On app load a stored session is checked against GET /auth/me (spec 1 §4). Any answer other than
 * the user clears it. Without any answer (offline) the session is kept: the next call re-checks it.
 */
export async function revalidateStoredSession(store: Store): Promise<void> {
  if (!store.get(sessionAtom)) {
    store.set(sessionCheckAtom, "done");
    return;
  }
  try {
    const user = await fetchCurrentUser();
    store.set(refreshSessionUserAtom, toSessionDetails(user));
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === "network")) store.set(signOutAtom);
  } finally {
    store.set(sessionCheckAtom, "done");
  }
}
