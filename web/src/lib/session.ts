import { atom } from "jotai";
import * as v from "valibot";
import { normalizeRole, ROLES, type Role } from "./roles";

/** The signed-in user as the SPA keeps it (spec 1 §3 plus the names the shell shows). */
export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  token: string;
  token_type: string;
  location_id: number | null;
  company_name: string | null;
  location_name: string | null;
};

export const SESSION_KEY = "horma.session";

const StoredSessionSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  role: v.picklist(ROLES),
  token: v.pipe(v.string(), v.nonEmpty()),
  token_type: v.string(),
  location_id: v.nullable(v.number()),
  company_name: v.nullable(v.string()),
  location_name: v.nullable(v.string()),
});

type SessionState = { user: SessionUser; remember: boolean } | null;

function browserStorages(): { local: Storage | null; session: Storage | null } {
  try {
    return { local: globalThis.localStorage ?? null, session: globalThis.sessionStorage ?? null };
  } catch {
    // Storage access can throw (privacy modes); the app then simply keeps no session across reloads.
    return { local: null, session: null };
  }
}

function readFrom(storage: Storage | null): SessionUser | null {
  try {
    const raw = storage?.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(StoredSessionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** "Recordarme" decides the storage: localStorage survives the browser, sessionStorage only the tab. */
export function readStoredSession(): SessionState {
  const { local, session } = browserStorages();
  const remembered = readFrom(local);
  if (remembered) return { user: remembered, remember: true };
  const tabOnly = readFrom(session);
  return tabOnly ? { user: tabOnly, remember: false } : null;
}

function persist(state: SessionState): void {
  const { local, session } = browserStorages();
  local?.removeItem(SESSION_KEY);
  session?.removeItem(SESSION_KEY);
  if (state) (state.remember ? local : session)?.setItem(SESSION_KEY, JSON.stringify(state.user));
}

const storedAtLoad = readStoredSession();
const sessionStateAtom = atom<SessionState>(storedAtLoad);

/** The current user, or null when signed out. */
export const sessionAtom = atom((get) => get(sessionStateAtom)?.user ?? null);

export const signInAtom = atom(null, (_get, set, args: { user: SessionUser; remember: boolean }) => {
  persist(args);
  set(sessionStateAtom, args);
});

/** Clears the stored user (logout, failed login, rejected token). */
export const signOutAtom = atom(null, (_get, set) => {
  persist(null);
  set(sessionStateAtom, null);
});

/** Replaces the user's details after re-validation, keeping token and storage choice. */
export const refreshSessionUserAtom = atom(null, (get, set, details: Omit<SessionUser, "token" | "token_type">) => {
  const current = get(sessionStateAtom);
  if (!current) return;
  const next = { user: { ...current.user, ...details }, remember: current.remember };
  persist(next);
  set(sessionStateAtom, next);
});

/** Swaps the token (after one's own password change ended every other session), keeping the storage choice. */
export const replaceTokenAtom = atom(null, (get, set, token: string) => {
  const current = get(sessionStateAtom);
  if (!current) return;
  const next = { user: { ...current.user, token }, remember: current.remember };
  persist(next);
  set(sessionStateAtom, next);
});

/**
 * "checking" while a stored session is re-validated on load. The page does not wait for it: it opens with
 * the stored user, and the guards run again if the answer ends the session or changes the role.
 */
export const sessionCheckAtom = atom<"checking" | "done">(storedAtLoad ? "checking" : "done");

/** Server user fields → session user (role normalised like the Worker does). */
export function toSessionDetails(user: {
  id: number;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email: string;
  role: string;
  location_id: number | null;
  company_name?: string | null;
  location_name?: string | null;
}): Omit<SessionUser, "token" | "token_type"> {
  const joined = `${user.first_name ?? ""} ${user.last_name ?? ""}`.trim();
  return {
    id: user.id,
    name: user.name?.trim() || joined || user.email,
    email: user.email,
    role: normalizeRole(user.role),
    location_id: user.location_id,
    company_name: user.company_name ?? null,
    location_name: user.location_name ?? null,
  };
}

type Listener = () => void;
const expiryListeners = new Set<Listener>();

/** Lets the router send the user to /login when the server rejects the token mid-session (not on logout). */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export function notifySessionExpired(): void {
  for (const listener of expiryListeners) listener();
}
