import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createAppRouter } from "../../web/src/router";
import { signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render, signInBoss } from "./helpers";
import { signInAs } from "./transfers-fixtures";

const ALL = { mayoreo: true, reportes_avanzados: true };

/** The panel at `path`, its calls recorded; every call but the plan's answers 503 here. */
function openAt(path: string, signIn: () => void = signInBoss) {
  signIn();
  const asked: string[] = [];
  mockFetch(async (url) => {
    asked.push(url);
    if (url === "/api/v1/plan/modules") return jsonResponse({ plan: "pro", plan_name: "Pro", modules: ALL });
    return jsonResponse({ detail: "no disponible en esta prueba" }, 503);
  });
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(<RouterProvider router={router} />);
  return { router, asked };
}

const heading = () => screen.findByRole("heading", { level: 2 });

describe("the boss panel's sections are routes", () => {
  it("a section has its own URL and asks for its data", async () => {
    const { router, asked } = openAt("/boss/financial");
    expect((await heading()).textContent).toBe("Análisis financiero");
    expect(router.state.location.pathname).toBe("/boss/financial");
    await waitFor(() => expect(asked.some((u) => u.startsWith("/api/v1/boss/boss/financial/analysis"))).toBe(true));
  });

  it("an old link (?section=…) opens the section's route", async () => {
    const { router } = openAt("/boss?section=sales");
    expect((await heading()).textContent).toBe("Reportes de ventas");
    expect(router.state.location.pathname).toBe("/boss/sales");
    expect(router.state.location.search).toEqual({});
  });

  it("/boss is the dashboard, and an unknown section's link stays on it", async () => {
    const { router } = openAt("/boss?section=nada");
    expect((await heading()).textContent).toBe("Dashboard");
    expect(router.state.location.pathname).toBe("/boss");
  });
});

describe("the administrador panel's sections are routes", () => {
  it("a section has its own URL; an old link opens it", async () => {
    const { router, asked } = openAt("/administrador?section=costs", signInAdmin);
    expect((await heading()).textContent).toBe("Costos");
    expect(router.state.location.pathname).toBe("/administrador/costs");
    await waitFor(() => expect(asked.some((u) => u.startsWith("/api/v1/admin/admin/costs"))).toBe(true));
  });

  it("Numeración DIAN is a section of its own that asks for the stores' ranges", async () => {
    const { asked } = openAt("/administrador/numbering", signInAdmin);
    expect((await heading()).textContent).toBe("Numeración DIAN");
    await waitFor(() => expect(asked.some((u) => u.startsWith("/api/v1/admin/admin/numbering-ranges"))).toBe(true));
    expect(screen.getByRole("button", { name: "Numeración DIAN" })).toBeTruthy();
  });

  it("Facturación electrónica is a section of its own that asks for the settings and the documents", async () => {
    const { asked } = openAt("/administrador/invoicing", signInAdmin);
    expect((await heading()).textContent).toBe("Facturación electrónica");
    await waitFor(() => expect(asked.some((u) => u.startsWith("/api/v1/admin/admin/fiscal-settings"))).toBe(true));
    await waitFor(() => expect(asked.some((u) => u.startsWith("/api/v1/admin/admin/electronic-documents"))).toBe(true));
    expect(screen.getByRole("button", { name: "Facturación electrónica" }).getAttribute("aria-current")).toBe("page");
  });

  it("moving to another section counts the notifications badge again", async () => {
    const { router, asked } = openAt("/administrador/users", signInAdmin);
    expect((await heading()).textContent).toBe("Usuarios");
    const badgeCalls = () => asked.filter((u) => u.startsWith("/api/v1/admin/admin/discount-requests")).length;
    await waitFor(() => expect(badgeCalls()).toBeGreaterThan(0));
    const before = badgeCalls();
    await router.navigate({ to: "/administrador/settings" });
    expect((await heading()).textContent).toBe("Configuración");
    await waitFor(() => expect(badgeCalls()).toBeGreaterThan(before));
  });
});

describe("the courier's tabs are routes", () => {
  it("an old link (?tab=mine) opens the tab's route, and the bar marks it", async () => {
    const { router } = openAt("/runner?tab=mine", () => signInAs("corredor", null, 6));
    await waitFor(() => expect(router.state.location.pathname).toBe("/runner/mine"));
    expect(router.state.location.search).toEqual({});
    expect(screen.getByRole("tab", { name: /Mis Entregas/ }).getAttribute("aria-selected")).toBe("true");
  });
});
