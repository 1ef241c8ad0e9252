import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewsletterSubscribers } from "../../web/src/features/admin/reports/NewsletterSubscribers";
import { render } from "./helpers";

describe("NewsletterSubscribers", () => {
  it("lists each e-mail with its date and says how many there are", () => {
    render(
      <NewsletterSubscribers
        data={{
          subscribers: [
            { id: 2, email: "segundo@correo.co", subscribed_at: "2026-11-21T15:30:00.000Z" },
            { id: 1, email: "primero@correo.co", subscribed_at: "2026-11-20T13:00:00.000Z" },
          ],
          total: 1200,
        }}
      />,
    );
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toContain("segundo@correo.co");
    expect(items[1]).toContain("primero@correo.co");
    expect(screen.getByText(/1\.200 suscriptores · se muestran los 2 más recientes/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Descargar CSV" })).toBeTruthy();
  });

  it("says when nobody has subscribed yet", () => {
    render(<NewsletterSubscribers data={{ subscribers: [], total: 0 }} />);
    expect(screen.getByText("Todavía nadie se ha suscrito desde la tienda")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Descargar CSV" })).toBeNull();
  });
});
