import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../web/src/lib/roles";
import type { SessionUser } from "../../web/src/lib/session";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

function signInAs(role: Role) {
  const user: SessionUser = {
    id: 1,
    name: "Prueba Horma",
    email: "prueba@demo.horma.co",
    role,
    token: `tok-${role}`,
    token_type: "bearer",
    location_id: 2,
    company_name: "Calzado Demo",
    location_name: "Tienda Centro",
  };
  signIn(user);
}

/** Loads a path in a real router (memory history) and returns where it ended. */
async function landOn(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return router.state.location.pathname;
}

describe("route guards", () => {
  // entering /seller asks for the panel's data at once; no server here
  beforeEach(() => {
    mockFetch(async () => jsonResponse({ detail: "sin datos" }, 503));
  });

  it.each(["/superuser", "/administrador", "/boss", "/warehouse", "/seller", "/runner", "/home"])(
    "unauthenticated %s → /login",
    async (path) => {
      expect(await landOn(path)).toBe("/login");
    },
  );

  const table: Record<string, readonly Role[]> = {
    "/superuser": ["superuser"],
    "/administrador": ["administrador", "superuser"],
    "/boss": ["boss", "superuser"],
    "/warehouse": ["bodeguero", "administrador", "superuser"],
    "/seller": ["seller", "administrador", "superuser"],
    "/runner": ["corredor", "administrador", "superuser"],
  };
  const home: Record<Role, string> = {
    superuser: "/superuser",
    administrador: "/administrador",
    boss: "/boss",
    bodeguero: "/warehouse",
    seller: "/seller",
    corredor: "/runner",
  };
  const cases = Object.entries(table).flatMap(([path, allowed]) =>
    ROLES.map((role) => [path, role, allowed.includes(role) ? path : home[role]] as const),
  );

  // A forbidden area sends to "/", which then sends the user to their own panel.
  it.each(cases)("%s as %s ends on %s", async (path, role, expected) => {
    signInAs(role);
    expect(await landOn(path)).toBe(expected);
  });

  it.each(ROLES)("'/' sends a signed-in %s to their panel", async (role) => {
    signInAs(role);
    expect(await landOn("/")).toBe(home[role]);
  });

  it("/login sends a signed-in user to their panel", async () => {
    signInAs("corredor");
    expect(await landOn("/login")).toBe("/runner");
  });

  it("legacy paths redirect to the canonical routes", async () => {
    signInAs("administrador");
    expect(await landOn("/admin")).toBe("/administrador");
    signInAs("seller");
    expect(await landOn("/sellerDashboard")).toBe("/seller");
  });

  it("unknown paths redirect to '/'", async () => {
    expect(await landOn("/no-existe")).toBe("/");
    expect(await landOn("/otra/ruta/rara")).toBe("/");
  });

  it("/products keeps a known category and drops an unknown one", async () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/products?category=tennis"] }));
    await router.load();
    expect(router.state.matches.at(-1)?.search).toEqual({ category: "tennis" });
    const other = createAppRouter(createMemoryHistory({ initialEntries: ["/products?category=golf"] }));
    await other.load();
    expect(other.state.location.pathname).toBe("/products");
    expect(other.state.matches.at(-1)?.search).toEqual({ category: undefined });
  });
});

describe("pages", () => {
  it("the landing shows four real products with COP prices and the staff's 'Acceso empleados' link", async () => {
    const products = [1, 2, 3, 4].map((id) => ({
      id,
      reference_code: `REF-${id}`,
      brand: "Nike",
      model: `Modelo ${id}`,
      color: "Negro",
      description: null,
      category: "running",
      unit_price: 100000 * id,
      image_url: id === 1 ? "/api/v1/public/products/1/image" : null,
      sizes: id === 4 ? [] : [{ size: "40", available: 3 }],
    }));
    const fetch = mockFetch(async () => jsonResponse({ products, total: 4 }));
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/"] }));
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Modelo 4")).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/public/products?limit=4");
    // a product with no size free says so instead of offering the cart
    expect(screen.getAllByRole("button", { name: "Agregar al carrito" })).toHaveLength(3);
    expect(screen.getByText("Agotado")).toBeTruthy();
    expect(screen.getByText(/400\.000/)).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Acceso empleados" }).length).toBeGreaterThan(0);
    expect(screen.getByText(/desde 2022/)).toBeTruthy();
  });

  it("an area page shows its title, the user and a logout that goes to '/'", async () => {
    signInAs("bodeguero");
    mockFetch(async () => jsonResponse({ products: [], total: 0 }));
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/warehouse"] }));
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Panel de Bodega");
    expect(screen.getByText("Prueba Horma")).toBeTruthy();
    expect(screen.getByText("Calzado Demo · Tienda Centro")).toBeTruthy();
    screen.getByRole("button", { name: "Cerrar sesión" }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText("Pronto publicaremos nuestros productos destacados.")).toBeTruthy();
  });
});

describe("area tabs are places in the browser's history (issue 32 §3)", () => {
  it.each([
    [
      "bodeguero",
      "/warehouse",
      "Secciones de bodega",
      "Preparación",
      "Estadísticas",
      "/warehouse/preparation",
      "/warehouse/stats",
    ],
    ["corredor", "/runner", "Secciones del corredor", "Mis Entregas", "Historial", "/runner/mine", "/runner/history"],
  ] as const)(
    "as %s, %s: each tab change is a new entry, and Back returns to the tab before",
    async (role, path, bar, first, second, firstHref, secondHref) => {
      signInAs(role);
      mockFetch(async () => jsonResponse({ detail: "sin datos" }, 503));
      const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
      render(<RouterProvider router={router} />);
      const href = () => router.state.location.href;
      const tabs = await screen.findByRole("tablist", { name: bar });
      fireEvent.click(within(tabs).getByRole("tab", { name: new RegExp(first) }));
      await waitFor(() => expect(href()).toBe(firstHref));
      fireEvent.click(within(tabs).getByRole("tab", { name: new RegExp(second) }));
      await waitFor(() => expect(href()).toBe(secondHref));
      router.history.back();
      await waitFor(() => expect(href()).toBe(firstHref));
      router.history.back();
      await waitFor(() => expect(href()).toBe(path));
    },
  );
});
