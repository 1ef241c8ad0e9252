import { type RenderOptions, render as renderInDom } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import type { PublicUser } from "../../web/src/api/schemas";
import { AppProviders } from "../../web/src/lib/AppProviders";
import { type SessionUser, signInAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";

/** Testing Library's render inside the app's providers (jotai store and query cache), as main.tsx does. */
export function render(ui: ReactElement, options?: Omit<RenderOptions, "wrapper">) {
  return renderInDom(ui, { wrapper: AppProviders, ...options });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Replaces global fetch for one test (vitest unstubs globals after each test). */
export function mockFetch(impl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => impl(String(input), init));
  vi.stubGlobal("fetch", fn);
  return fn;
}

export const serverUser = {
  id: 7,
  email: "vendedor@demo.horma.co",
  first_name: "Valentina",
  last_name: "Ruiz",
  name: "Valentina Ruiz",
  role: "vendedor",
  company_id: 1,
  location_id: 3,
  location_name: "Tienda Centro",
  company_name: "Calzado Demo",
  is_active: true,
} satisfies PublicUser;

/**
 * Signs a user in on the app's store, as the login form does: the one way tests start with a
 * session. Unset fields get neutral values (token `tok-<role>`, no location).
 */
export function signIn(user: Partial<SessionUser> & Pick<SessionUser, "role">, remember = false) {
  appStore.set(signInAtom, {
    user: {
      id: 1,
      name: "Prueba Horma",
      email: `${user.role}@demo.horma.co`,
      token: `tok-${user.role}`,
      token_type: "bearer",
      location_id: null,
      company_name: "Calzado Horma Demo",
      location_name: null,
      ...user,
    },
    remember,
  });
}

/** The demo boss (Beatriz Ospina, id 3) and seller of Local Centro (Valentina Rojas, id 5), as the screens see them. */
export const BOSS_ID = 3;
export const SELLER_ID = 5;

export function signInBoss() {
  signIn({ id: BOSS_ID, name: "Beatriz Ospina", email: "boss@demo.horma.co", role: "boss" });
}

export function signInSeller() {
  signIn({
    id: SELLER_ID,
    name: "Valentina Rojas",
    email: "vendedor@demo.horma.co",
    role: "seller",
    token: "tok-seller",
    location_id: 1,
    location_name: "Local Centro",
  });
}
