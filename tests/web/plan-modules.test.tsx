import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AdminNav } from "../../web/src/features/admin/AdminNav";
import { BossNav } from "../../web/src/features/boss/BossNav";
import { ModuleGate } from "../../web/src/lib/ui/ModuleGate";
import { createAppRouter } from "../../web/src/router";
import { signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const NONE = { mayoreo: false, reportes_avanzados: false };
const ALL = { mayoreo: true, reportes_avanzados: true };

const navLabels = () =>
  within(screen.getByRole("navigation", { name: "Secciones del panel" }))
    .getAllByRole("button")
    .map((b) => b.textContent);

describe("plan modules in the SPA", () => {
  it("the admin nav hides Mayoreo when the plan leaves it out (and while the plan is not known)", () => {
    const { rerender } = render(<AdminNav current="dashboard" pending={null} modules={NONE} onSelect={() => {}} />);
    expect(navLabels()).not.toContain("Mayoreo");
    expect(navLabels()).toContain("Análisis");
    rerender(<AdminNav current="dashboard" pending={null} modules={null} onSelect={() => {}} />);
    expect(navLabels()).not.toContain("Mayoreo");
    rerender(<AdminNav current="dashboard" pending={null} modules={ALL} onSelect={() => {}} />);
    expect(navLabels()).toContain("Mayoreo");
  });

  it("the boss nav hides the advanced reports", () => {
    render(<BossNav current="dashboard" modules={{ mayoreo: true, reportes_avanzados: false }} onSelect={() => {}} />);
    expect(navLabels()).toEqual([
      "Dashboard",
      "Ubicaciones",
      "Personal",
      "Catálogo",
      "Inventario consolidado",
      "Conteos",
    ]);
  });

  it("a gated section opened by its URL says the plan does not include it", () => {
    render(
      <ModuleGate module="mayoreo" modules={NONE}>
        <p>contenido</p>
      </ModuleGate>,
    );
    expect(screen.getByTestId("module-not-included").textContent).toContain("Tu plan no incluye el módulo de mayoreo");
    expect(screen.queryByText("contenido")).toBeNull();
  });

  it("the admin panel learns the plan from /api/v1/plan/modules", async () => {
    signInAdmin();
    const asked: string[] = [];
    mockFetch(async (url) => {
      asked.push(url);
      if (url === "/api/v1/plan/modules") return jsonResponse({ plan: "basic", plan_name: "Básico", modules: NONE });
      return jsonResponse({ detail: "no disponible en esta prueba" }, 503);
    });
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/administrador?section=wholesale"] }));
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId("module-not-included")).textContent).toContain(
      "Tu plan no incluye el módulo de mayoreo",
    );
    expect(navLabels()).toContain("Usuarios");
    expect(navLabels()).not.toContain("Mayoreo");
    expect(asked).toContain("/api/v1/plan/modules");
    expect(asked.some((u) => u.startsWith("/api/v1/mayoreo"))).toBe(false);
  });
});
