import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProfileDialog } from "../../web/src/features/auth/ProfileDialog";
import type { Role } from "../../web/src/lib/roles";
import { SESSION_KEY } from "../../web/src/lib/session";
import { createAppRouter } from "../../web/src/router";
import { jsonBody } from "./admin-helpers";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";

function signIn(role: Role) {
  signInUser({
    id: 7,
    name: "Valentina Ruiz",
    email: "vendedor@demo.horma.co",
    role,
    token: "tok",
    token_type: "bearer",
    location_id: 3,
    company_name: "Calzado Horma Demo",
    location_name: "Local Centro",
  });
}

function openProfile(role: Role, answer: () => Response) {
  signIn(role);
  const fetch = mockFetch(async () => answer());
  render(<ProfileDialog onClose={() => render(<p>cerrado</p>)} />);
  const dialog = screen.getByRole("dialog", { name: "Mi cuenta" });
  const type = (label: RegExp, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(within(dialog).getByRole("button", { name: "Cambiar contraseña" }));
  return { fetch, dialog, type, submit };
}

describe("Mi cuenta (every area's header)", () => {
  it("shows who is signed in and validates before calling", () => {
    const { fetch, dialog, type, submit } = openProfile("seller", () => jsonResponse({}));
    expect(dialog.textContent).toContain("vendedor@demo.horma.co");
    expect(dialog.textContent).toContain("Calzado Horma Demo · Local Centro");
    submit();
    expect(within(dialog).getByText("La contraseña actual es requerida")).toBeTruthy();
    expect(within(dialog).getByText("La contraseña es requerida")).toBeTruthy();
    type(/^Contraseña actual/, "vieja123");
    type(/^Nueva contraseña/, "corta");
    submit();
    expect(within(dialog).getByText("La contraseña debe tener al menos 6 caracteres")).toBeTruthy();
    type(/^Nueva contraseña/, "vieja123");
    submit();
    expect(within(dialog).getByText("La nueva contraseña debe ser distinta de la actual")).toBeTruthy();
    type(/^Nueva contraseña/, "nueva456");
    type(/^Repite/, "nueva455");
    submit();
    expect(within(dialog).getByText("Las contraseñas no coinciden")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("changes the password with the current one, goes on with the new token and clears the form", async () => {
    const { fetch, dialog, type, submit } = openProfile("seller", () =>
      jsonResponse({
        success: true,
        message: "Contraseña actualizada exitosamente",
        access_token: "token-de-la-nueva-clave",
        token_type: "bearer",
        expires_in: 43200,
      }),
    );
    type(/^Contraseña actual/, "vieja123");
    type(/^Nueva contraseña/, "nueva456");
    type(/^Repite/, "nueva456");
    submit();
    expect(await within(dialog).findByText(/Tu contraseña se cambió/)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/v1/auth/auth/password");
    expect(init?.method).toBe("PUT");
    expect(jsonBody(init)).toEqual({ current_password: "vieja123", new_password: "nueva456" });
    expect((within(dialog).getByLabelText(/^Contraseña actual/) as HTMLInputElement).value).toBe("");
    // the old token ended with the old password: the session keeps the one the answer brought
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? sessionStorage.getItem(SESSION_KEY) ?? "{}");
    expect(stored.token).toBe("token-de-la-nueva-clave");
  });

  it("shows the server's Spanish message for a wrong current password, and keeps the session", async () => {
    const { dialog, type, submit } = openProfile("corredor", () =>
      jsonResponse({ detail: "La contraseña actual no es correcta" }, 400),
    );
    type(/^Contraseña actual/, "equivocada");
    type(/^Nueva contraseña/, "nueva456");
    type(/^Repite/, "nueva456");
    submit();
    expect((await within(dialog).findByRole("alert")).textContent).toBe("La contraseña actual no es correcta");
    // a 400 is not a rejected session: the user stays signed in
    expect(sessionStorage.getItem("horma.session")).toContain("Valentina");
  });

  it("asks a boss for the strong rules, with the live checklist", () => {
    const { fetch, dialog, type, submit } = openProfile("boss", () => jsonResponse({}));
    expect(within(dialog).getByRole("list", { name: "Requisitos de la contraseña" })).toBeTruthy();
    type(/^Contraseña actual/, "Vieja#2026");
    type(/^Nueva contraseña/, "sencilla1");
    submit();
    expect(within(dialog).getByText(/al menos 8 caracteres, una letra mayúscula/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("opens from the header of an area and closes with Cerrar", async () => {
    signIn("corredor");
    mockFetch(async () => jsonResponse({ detail: "sin datos" }, 503));
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/home"] }));
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Valentina Ruiz .*Mi cuenta$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Mi cuenta" });
    expect(within(dialog).getByRole("form", { name: "Cambiar contraseña" })).toBeTruthy();
    // the footer's Cerrar (the × in the title bar has the same name)
    const close = within(dialog).getAllByRole("button", { name: "Cerrar" }).at(-1);
    if (close) fireEvent.click(close);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
