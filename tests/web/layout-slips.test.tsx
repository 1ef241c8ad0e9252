import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatCard } from "../../web/src/lib/ui/StatCard";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render } from "./helpers";

// jsdom has no layout: these pin the classes that keep the figures and the header readable
// (checked by eye on screenshots at 390 px and 1366 px).
describe("StatCard figures", () => {
  it("never wrap inside a number: no break-words, nowrap with tabular digits, size by the card's width", () => {
    render(<StatCard label="Total vendido" value="$ 123.456.789" testId="figure" />);
    const figure = screen.getByTestId("figure");
    const classes = figure.className.split(/\s+/);
    expect(classes).toContain("whitespace-nowrap");
    expect(classes).toContain("tabular-nums");
    expect(classes).not.toContain("break-words");
    expect(classes.some((c) => c.startsWith("@[") && c.endsWith(":text-2xl"))).toBe(true);
    expect(figure.parentElement?.className.split(/\s+/)).toContain("@container");
  });
});

describe("public header on a phone", () => {
  it("keeps 'Horma' apart from the staff's sign-in: the brand does not shrink and the bar has a real gap", async () => {
    mockFetch(async () => jsonResponse({}));
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/about"] }));
    await router.load();
    render(<RouterProvider router={router} />);
    const brand = await screen.findByTestId("brand");
    const nav = screen.getByRole("navigation", { name: "Principal" });
    expect(brand.className.split(/\s+/)).toEqual(expect.arrayContaining(["shrink-0", "mr-auto"]));
    expect(nav.className.split(/\s+/)).toContain("gap-3");
    // the shop's only sign-in is the staff's: labelled so, in the bar from md and in the phone's menu
    const login = screen.getByRole("link", { name: "Acceso empleados" });
    expect(login.className).toContain("whitespace-nowrap");
    expect(login.className.split(/\s+/)).toEqual(expect.arrayContaining(["hidden", "md:inline-flex"]));
    expect(screen.queryByRole("link", { name: "Iniciar sesión" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Menú" }));
    expect(screen.getAllByRole("link", { name: "Acceso empleados" })).toHaveLength(2);
    expect(brand.contains(login)).toBe(false);
    expect(brand.textContent).toBe("Horma");
  });
});
