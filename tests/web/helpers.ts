import { type RenderOptions, render as renderInDom } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { AppProviders } from "../../web/src/lib/AppProviders";

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
};
