import { describe, expect, it } from "vitest";
import { BOOKMARK_HEADER } from "../../shared/bookmark";
import { ApiError, api, call, currentBookmark } from "../../web/src/api/http";
import { revalidateStoredSession } from "../../web/src/features/auth/revalidateSession";
import { type SessionUser, sessionAtom, sessionCheckAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, serverUser, signIn } from "./helpers";

const user: SessionUser = {
  id: 7,
  name: "Valentina Ruiz",
  email: "vendedor@demo.horma.co",
  role: "seller",
  token: "tok-abc",
  token_type: "bearer",
  location_id: 3,
  company_name: "Calzado Demo",
  location_name: "Tienda Centro",
};

const dashboard = () => call(api.vendor.dashboard.$get());

describe("the typed client's fetch", () => {
  it("sends back the newest D1 bookmark an answer carried (read-your-writes from a replica), never an older one", async () => {
    signIn(user, true);
    const newer = "SHARD_2:00000000-000000d2-00000000-00000000000000000000000000000000";
    const older = "SHARD_2:00000000-000000d1-00000000-00000000000000000000000000000000";
    // a bookmark without its database is not one the Worker writes
    const answers = [newer, older, "not-a-bookmark", "00000000-000000d3-00000000-00000000000000000000000000000000"];
    const fetch = mockFetch(async () => {
      const bookmark = answers.shift() ?? null;
      const res = jsonResponse({ ok: true });
      if (bookmark) res.headers.set(BOOKMARK_HEADER, bookmark);
      return res;
    });
    for (let i = 0; i < 4; i++) await call(api.locations.$get());
    const sent = fetch.mock.calls.map((c) => new Headers(c[1]?.headers).get(BOOKMARK_HEADER));
    // the first call has none yet; then always the newest seen, whatever came after it
    expect(sent.slice(1)).toEqual([newer, newer, newer]);
    expect(currentBookmark()).toBe(newer);
    // another account's calls start without it (its bookmark belongs to another session)
    signIn({ ...user, id: 8, token: "tok-other" }, true);
    await call(api.locations.$get());
    expect(new Headers(fetch.mock.calls.at(-1)?.[1]?.headers).has(BOOKMARK_HEADER)).toBe(false);
  });

  it("sends the bearer token when a session exists", async () => {
    signIn(user, true);
    const fetch = mockFetch(async () => jsonResponse({ ok: true }));
    await call(api.locations.$get());
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/locations");
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get("Authorization")).toBe("Bearer tok-abc");
  });

  it("sends no Authorization header without a session", async () => {
    const fetch = mockFetch(async () => jsonResponse({ products: [], total: 0 }));
    await call(api.public.products.$get({ query: { limit: "4" } }));
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/public/products?limit=4");
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has("Authorization")).toBe(false);
  });

  it("uses the JSON detail as the error message, else 'Error {status}'", async () => {
    mockFetch(async () => jsonResponse({ detail: "Sede no encontrada" }, 404));
    await expect(dashboard()).rejects.toMatchObject({ status: 404, message: "Sede no encontrada" });
    mockFetch(async () => new Response("<html>oops</html>", { status: 502 }));
    await expect(dashboard()).rejects.toMatchObject({ status: 502, message: "Error 502" });
  });

  it("a 401 on an authenticated call clears the session", async () => {
    signIn(user, true);
    mockFetch(async () => jsonResponse({ detail: "Sesión inválida o expirada." }, 401));
    await expect(dashboard()).rejects.toBeInstanceOf(ApiError);
    expect(appStore.get(sessionAtom)).toBeNull();
  });

  it("a 403 keeps the session (the user is known, just not allowed)", async () => {
    signIn(user, true);
    mockFetch(async () => jsonResponse({ detail: "No tienes permiso" }, 403));
    await expect(dashboard()).rejects.toMatchObject({ status: 403 });
    expect(appStore.get(sessionAtom)?.token).toBe("tok-abc");
  });

  it("a connection failure is a network error with the Spanish text", async () => {
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(dashboard()).rejects.toMatchObject({
      kind: "network",
      message: "Error de conexión. Intenta nuevamente.",
    });
  });

  it("reports an unreadable answer as invalid", async () => {
    mockFetch(async () => new Response("<html>ok</html>", { status: 200 }));
    await expect(dashboard()).rejects.toMatchObject({
      kind: "invalid",
      message: "Respuesta inválida del servidor",
    });
  });
});

describe("revalidateStoredSession (app load)", () => {
  it("refreshes the stored user from /auth/me", async () => {
    signIn(user, true);
    const fetch = mockFetch(async () => jsonResponse({ ...serverUser, role: "admin", location_name: "Bodega Norte" }));
    await revalidateStoredSession(appStore);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/auth/auth/me");
    expect(appStore.get(sessionAtom)).toMatchObject({
      role: "administrador",
      location_name: "Bodega Norte",
      token: "tok-abc",
    });
    expect(appStore.get(sessionCheckAtom)).toBe("done");
  });

  it.each([401, 403])("clears the session when /auth/me answers %i", async (status) => {
    signIn(user, true);
    mockFetch(async () => jsonResponse({ detail: "no" }, status));
    await revalidateStoredSession(appStore);
    expect(appStore.get(sessionAtom)).toBeNull();
    expect(appStore.get(sessionCheckAtom)).toBe("done");
  });

  it("keeps the session when the server cannot be reached", async () => {
    signIn(user, true);
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    await revalidateStoredSession(appStore);
    expect(appStore.get(sessionAtom)?.token).toBe("tok-abc");
  });
});
