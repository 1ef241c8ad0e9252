import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewsletterBox } from "../../web/src/features/store/NewsletterBox";
import { jsonResponse, mockFetch, render } from "./helpers";

function submit(email: string) {
  fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Suscribirme" }));
}

describe("NewsletterBox", () => {
  it("sends the e-mail and thanks only once the server has kept it", async () => {
    const fetch = mockFetch(async () => jsonResponse({ message: "¡Gracias por suscribirte!" }, 201));
    render(<NewsletterBox />);
    submit(" lucia@correo.co ");
    expect((await screen.findByRole("status")).textContent).toBe("¡Gracias por suscribirte, lucia@correo.co!");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/v1/public/newsletter");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "lucia@correo.co" });
  });

  it("checks the address before calling", () => {
    const fetch = mockFetch(async () => jsonResponse({}, 500));
    render(<NewsletterBox />);
    submit("lucia@");
    expect(screen.getByText("Escribe un correo electrónico válido.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says so when the server refuses or cannot be reached, and does not thank", async () => {
    mockFetch(async () => jsonResponse({ detail: "La tienda no está disponible" }, 404));
    const { unmount } = render(<NewsletterBox />);
    submit("lucia@correo.co");
    expect(await screen.findByText("La tienda no está disponible")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    unmount();

    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    render(<NewsletterBox />);
    submit("lucia@correo.co");
    expect(
      await screen.findByText("No pudimos registrar tu correo. Revisa tu conexión e intenta nuevamente."),
    ).toBeTruthy();
    expect((screen.getByRole("button", { name: "Suscribirme" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
