import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ReturnDialog } from "../../web/src/features/seller/transfers/ReturnDialog";
import {
  initialReturn,
  NOTES_MISSING,
  PICKUP_MISSING,
  REASON_MISSING,
  validateReturn,
} from "../../web/src/features/seller/transfers/returnForm";
import { jsonResponse, mockFetch, render } from "./helpers";
import { parsedTransfer, signInAs } from "./transfers-fixtures";

describe("return details rules (spec 3 §5)", () => {
  it("defaults: reason no_sale, condition good, quantity the whole transfer, nobody chosen to pick it up", () => {
    expect(initialReturn(3)).toEqual({
      pickup_type: "",
      reason: "no_sale",
      quantity: "3",
      condition: "good",
      notes: "",
    });
  });

  it("checks pickup, reason, quantity 1..N and notes for 'other'", () => {
    expect(validateReturn({ ...initialReturn(2), pickup_type: "", reason: "" }, 2)).toEqual({
      pickup_type: PICKUP_MISSING,
      reason: REASON_MISSING,
    });
    for (const quantity of ["0", "3", "1.5", "", "x"]) {
      expect(validateReturn({ ...initialReturn(2), pickup_type: "corredor", quantity }, 2)).toEqual({
        quantity: "La cantidad debe estar entre 1 y 2",
      });
    }
    expect(validateReturn({ ...initialReturn(2), pickup_type: "vendedor", reason: "other", notes: "  " }, 2)).toEqual({
      notes: NOTES_MISSING,
    });
    expect(
      validateReturn({ ...initialReturn(2), pickup_type: "vendedor", reason: "other", notes: "talla" }, 2),
    ).toEqual({});
  });
});

function renderDialog(answer: () => Response) {
  signInAs("seller", 1);
  const fetch = mockFetch(async () => answer());
  const onCreated = vi.fn();
  render(
    <ReturnDialog
      transfer={parsedTransfer({ id: 31, status: "completed", quantity: 2, received_quantity: 2 })}
      onClose={() => undefined}
      onCreated={onCreated}
    />,
  );
  return { fetch, onCreated };
}

describe("'Generar Devolución' dialog", () => {
  it("shows the spec's messages, clears each when its field changes, and sends only from the confirm step", async () => {
    const { fetch, onCreated } = renderDialog(() =>
      jsonResponse(
        {
          success: true,
          message: "Devolución #40 solicitada",
          return_id: 40,
          estimated_return_time: "2-3 horas",
          next_action: "Un corredor recogerá el producto en tu local",
        },
        201,
      ),
    );
    expect((screen.getByLabelText("Motivo *") as HTMLSelectElement).value).toBe("no_sale");
    expect((screen.getByLabelText("Cantidad *") as HTMLInputElement).value).toBe("2");
    expect((screen.getByLabelText("Condición") as HTMLSelectElement).value).toBe("good");

    fireEvent.change(screen.getByLabelText("Cantidad *"), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText("Motivo *"), { target: { value: "other" } });
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    expect(screen.getByText(PICKUP_MISSING)).toBeTruthy();
    expect(screen.getByText("La cantidad debe estar entre 1 y 2")).toBeTruthy();
    expect(screen.getByText(NOTES_MISSING)).toBeTruthy();

    fireEvent.click(screen.getByLabelText("Un corredor la recoge en mi local"));
    expect(screen.queryByText(PICKUP_MISSING)).toBeNull();
    expect(screen.getByText("La cantidad debe estar entre 1 y 2")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Cantidad *"), { target: { value: "1" } });
    expect(screen.queryByText("La cantidad debe estar entre 1 y 2")).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Notas/), { target: { value: "Talla equivocada" } });
    expect(screen.queryByText(NOTES_MISSING)).toBeNull();
    fireEvent.change(screen.getByLabelText("Condición"), { target: { value: "damaged" } });

    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    expect(screen.getByTestId("return-summary").textContent).toContain("Otro");
    // back keeps what was typed
    fireEvent.click(screen.getByRole("button", { name: "Atrás" }));
    expect((screen.getByLabelText(/^Notas/) as HTMLTextAreaElement).value).toBe("Talla equivocada");
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirmar Devolución" }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/transfers/create-return");
    expect(JSON.parse(String(init?.body))).toEqual({
      original_transfer_id: 31,
      reason: "other",
      quantity_to_return: 1,
      product_condition: "damaged",
      pickup_type: "corredor",
      notes: "Talla equivocada",
      purpose: "return",
    });
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ return_id: 40, estimated_return_time: "2-3 horas" });
  });

  it("a refused return says 'Error creando devolución: ' and the server's reason", async () => {
    const { onCreated } = renderDialog(() =>
      jsonResponse({ detail: "Ya existe una devolución para esta transferencia" }, 409),
    );
    fireEvent.click(screen.getByLabelText("Yo la llevo a la bodega"));
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirmar Devolución" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error creando devolución: Ya existe una devolución para esta transferencia",
    );
    expect(onCreated).not.toHaveBeenCalled();
  });
});
