import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LoginForm } from "../../web/src/features/auth/LoginForm";
import { SESSION_KEY, type SessionUser, sessionAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, serverUser, signIn } from "./helpers";

function renderForm() {
  const onSuccess = vi.fn<(user: SessionUser) => void>();
  render(<LoginForm onSuccess={onSuccess} />);
  return { onSuccess };
}

function fillAndSubmit(email = "vendedor@demo.horma.co", password = "Horma#2026") {
  fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
}

const staleUser: SessionUser = {
  id: 1,
  name: "Otra Persona",
  email: "otra@demo.horma.co",
  role: "boss",
  token: "old-token",
  token_type: "bearer",
  location_id: null,
  company_name: null,
  location_name: null,
};

describe("LoginForm", () => {
  it("has the spec's fields: e-mail (type email, required), password (required), Recordarme, forgot button", () => {
    renderForm();
    const email = screen.getByLabelText("Correo electrónico");
    expect(email).toHaveProperty("type", "email");
    expect(email).toHaveProperty("required", true);
    expect(screen.getByLabelText("Contraseña")).toHaveProperty("required", true);
    expect(screen.getByLabelText("Recordarme")).toHaveProperty("checked", false);
    expect(screen.getByRole("button", { name: "¿Olvidaste tu contraseña?" })).toBeTruthy();
  });

  it("'¿Olvidaste tu contraseña?' explains that the company's administrador sets a new one", () => {
    const fetch = mockFetch(async () => jsonResponse({}));
    renderForm();
    const toggle = screen.getByRole("button", { name: "¿Olvidaste tu contraseña?" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const help = screen.getByRole("region", { name: "Recuperar contraseña" });
    expect(help.textContent).toContain("administrador de tu empresa");
    expect(help.textContent).toContain("no envía correos");
    expect(help.textContent).toContain("boss de tu empresa");
    fireEvent.click(screen.getByRole("button", { name: "Entendido" }));
    expect(screen.queryByRole("region", { name: "Recuperar contraseña" })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("toggles the password between hidden and shown", () => {
    renderForm();
    const password = screen.getByLabelText("Contraseña");
    expect(password).toHaveProperty("type", "password");
    fireEvent.click(screen.getByRole("button", { name: "Mostrar" }));
    expect(password).toHaveProperty("type", "text");
    fireEvent.click(screen.getByRole("button", { name: "Ocultar" }));
    expect(password).toHaveProperty("type", "password");
  });

  it("does not call the server while a field is empty", () => {
    const fetch = mockFetch(async () => jsonResponse({}));
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect(screen.getByRole("alert").textContent).toBe("Ingresa tu correo electrónico.");
    fillAndSubmit("vendedor@demo.horma.co", "");
    expect(screen.getByRole("alert").textContent).toBe("Ingresa tu contraseña.");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads 'Iniciando sesión...' and is disabled while the call is pending", async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    fillAndSubmit();

    const busy = await screen.findByRole("button", { name: "Iniciando sesión..." });
    expect(busy).toHaveProperty("disabled", true);

    answer(jsonResponse({ detail: "Correo o contraseña incorrectos." }, 401));
    const ready = await screen.findByRole("button", { name: "Iniciar sesión" });
    expect(ready).toHaveProperty("disabled", false);
  });

  it("posts e-mail and password as JSON to login-json", async () => {
    const fetch = mockFetch(async () => jsonResponse({ detail: "x" }, 401));
    renderForm();
    fillAndSubmit("  vendedor@demo.horma.co ", "Horma#2026");
    await screen.findByRole("alert");
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/auth/auth/login-json");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "vendedor@demo.horma.co", password: "Horma#2026" });
  });

  it.each([
    [401, { detail: "Credenciales malas" }, "Correo o contraseña incorrectos."],
    [401, null, "Correo o contraseña incorrectos."],
    [403, null, "Tu cuenta está desactivada. Contacta al administrador."],
    [
      403,
      { detail: "Tu cuenta está desactivada. Contacta al administrador." },
      "Tu cuenta está desactivada. Contacta al administrador.",
    ],
    [
      403,
      { detail: "La empresa está suspendida. Contacta al administrador de la plataforma." },
      "La empresa está suspendida. Contacta al administrador de la plataforma.",
    ],
    [
      429,
      { detail: "Demasiados intentos. Intenta de nuevo en 5 minutos." },
      "Demasiados intentos. Intenta de nuevo en 5 minutos.",
    ],
    [422, { detail: "El correo no es válido" }, "El correo no es válido"],
    [500, null, "Error 500"],
  ])("status %i with body %j shows %j", async (status, body, message) => {
    mockFetch(async () => (body === null ? new Response("", { status }) : jsonResponse(body, status)));
    const { onSuccess } = renderForm();
    fillAndSubmit();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the connection error when the network fails", async () => {
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    renderForm();
    fillAndSubmit();
    expect((await screen.findByRole("alert")).textContent).toBe("Error de conexión. Intenta nuevamente.");
  });

  it.each([
    ["without token", { token_type: "bearer", user: serverUser }],
    ["without user", { access_token: "abc", token_type: "bearer" }],
    ["with an empty token", { access_token: "", user: serverUser }],
  ])("rejects a 200 answer %s as 'Respuesta inválida del servidor'", async (_case, body) => {
    mockFetch(async () => jsonResponse(body));
    const { onSuccess } = renderForm();
    fillAndSubmit();
    expect((await screen.findByRole("alert")).textContent).toBe("Respuesta inválida del servidor");
    expect(onSuccess).not.toHaveBeenCalled();
    expect(appStore.get(sessionAtom)).toBeNull();
  });

  it("clears an existing session when the login fails", async () => {
    signIn(staleUser, true);
    mockFetch(async () => jsonResponse({ detail: "x" }, 401));
    renderForm();
    fillAndSubmit();
    await screen.findByRole("alert");
    expect(appStore.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("on success stores the normalised user (sessionStorage without 'Recordarme') and reports it", async () => {
    mockFetch(async () => jsonResponse({ access_token: "jwt-1", token_type: "bearer", user: serverUser }));
    const { onSuccess } = renderForm();
    fillAndSubmit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const expected: SessionUser = {
      id: 7,
      name: "Valentina Ruiz",
      email: "vendedor@demo.horma.co",
      role: "seller",
      token: "jwt-1",
      token_type: "bearer",
      location_id: 3,
      company_name: "Calzado Demo",
      location_name: "Tienda Centro",
    };
    expect(onSuccess).toHaveBeenCalledWith(expected);
    expect(appStore.get(sessionAtom)).toEqual(expected);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null")).toEqual(expected);
  });

  it("with 'Recordarme' the session goes to localStorage", async () => {
    mockFetch(async () => jsonResponse({ access_token: "jwt-2", token_type: "bearer", user: serverUser }));
    const { onSuccess } = renderForm();
    fireEvent.click(screen.getByLabelText("Recordarme"));
    fillAndSubmit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null").token).toBe("jwt-2");
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
