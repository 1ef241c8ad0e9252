import { atom } from "jotai";
import * as v from "valibot";
import { sessionAtom } from "./session";
import { appStore } from "./store";

/**
 * The company a superuser works on in the company areas (/administrador, /boss). The Worker scopes a
 * superuser's calls by `X-Company-Id` (worker/auth/tenant.ts); the choice is kept for the tab
 * (sessionStorage), so reloads and moving between sections and areas keep it, and it can be changed.
 */
export type ActingCompany = { id: number; name: string };

export const ACTING_COMPANY_KEY = "horma.acting-company";

const StoredSchema = v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)), name: v.string() });

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readActingCompany(): ActingCompany | null {
  try {
    const raw = storage()?.getItem(ACTING_COMPANY_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(StoredSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

const storedAtom = atom<ActingCompany | null>(readActingCompany());

/** The chosen company (null: none yet); set it to a company or null (to choose again). */
export const actingCompanyAtom = atom(
  (get) => get(storedAtom),
  (_get, set, next: ActingCompany | null) => {
    try {
      if (next) storage()?.setItem(ACTING_COMPANY_KEY, JSON.stringify(next));
      else storage()?.removeItem(ACTING_COMPANY_KEY);
    } catch {
      // no storage: the choice lasts until the page is reloaded
    }
    set(storedAtom, next);
  },
);

/** The header that names the company, for the superuser's calls (none for company users). */
export function companyHeaders(): Record<string, string> {
  const user = appStore.get(sessionAtom);
  const company = appStore.get(actingCompanyAtom);
  return user?.role === "superuser" && company ? { "X-Company-Id": String(company.id) } : {};
}

// the signed-out state must not keep a company for the next person on this tab
appStore.sub(sessionAtom, () => {
  if (!appStore.get(sessionAtom)) appStore.set(actingCompanyAtom, null);
});
