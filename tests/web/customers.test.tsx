import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DATA_CONSENT_TEXT } from "../../shared/constants";
import { nitProblem } from "../../shared/nit";
import type { Customer, CustomerDetail } from "../../web/src/api/customers";
import { createSale } from "../../web/src/api/seller";
import { CustomersSection } from "../../web/src/features/admin/customers/CustomersSection";
import { CustomerPicker } from "../../web/src/features/customers/CustomerPicker";
import { CONSENT_MISSING } from "../../web/src/features/customers/NewCustomerModal";
import { emptySale, toNewSale } from "../../web/src/features/seller/saleForm";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

const ana: Customer = {
  id: 41,
  name: "Ana María Gómez",
  document_type: "CC",
  document_number: "1020304050",
  nit_check_digit: null,
  document: "CC 1020304050",
  phone: "3001234567",
  email: "ana@correo.co",
  data_consent: true,
  consent_at: "2026-11-20T15:00:00.000Z",
  created_at: "2026-11-20T15:00:00.000Z",
  updated_at: "2026-11-20T15:00:00.000Z",
};

/** The picker as the sale form holds it: the chosen customer in state, shown under it for the assertions. */
function PickerHost() {
  const [customer, setCustomer] = useState<Customer | null>(null);
  return (
    <>
      <CustomerPicker value={customer} onChange={setCustomer} />
      <output data-testid="chosen">{customer ? String(customer.id) : "ninguno"}</output>
    </>
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("CustomerPicker (seller's sale form)", () => {
  it("searches once the typing pauses (not on every key) and picks the customer found", async () => {
    signIn({ role: "seller", id: 5 });
    const fetch = mockFetch(async (url) => {
      if (url.startsWith("/api/v1/customers"))
        return jsonResponse({ customers: [ana], count: 1, total: 1, offset: 0, limit: 30 });
      throw new Error(`inesperado: ${url}`);
    });
    render(<PickerHost />);
    for (const partial of ["1", "10", "102", "1020", "10203"]) type("Buscar por documento o celular", partial);
    const option = await screen.findByRole("button", { name: /Ana María Gómez/ });
    const searches = fetch.mock.calls.map(([url]) => String(url));
    expect(searches).toEqual(["/api/v1/customers?q=10203"]);
    fireEvent.click(option);
    expect(screen.getByTestId("chosen").textContent).toBe("41");
    expect(screen.getByTestId("picked-customer").textContent).toContain("CC 1020304050");
    fireEvent.click(screen.getByRole("button", { name: "Quitar" }));
    expect(screen.getByTestId("chosen").textContent).toBe("ninguno");
  });

  it("does not search fewer than three characters and says when nobody matches", async () => {
    signIn({ role: "seller", id: 5 });
    const fetch = mockFetch(async () => jsonResponse({ customers: [], count: 0, total: 0, offset: 0, limit: 30 }));
    render(<PickerHost />);
    type("Buscar por documento o celular", "30");
    await new Promise((r) => setTimeout(r, 400));
    expect(fetch).not.toHaveBeenCalled();
    type("Buscar por documento o celular", "3009");
    expect(await screen.findByText("No hay clientes con «3009».")).toBeTruthy();
  });
});

describe("Nuevo cliente: the consent checkbox", () => {
  it("starts unchecked with the law's text, refuses to register without it, and sends it when ticked", async () => {
    signIn({ role: "seller", id: 5 });
    const posts: { body: Record<string, unknown>; key: string | null }[] = [];
    mockFetch(async (url, init) => {
      if (init?.method === "POST" && url === "/api/v1/customers") {
        posts.push({
          body: JSON.parse(String(init.body)) as Record<string, unknown>,
          key: new Headers(init.headers).get("Idempotency-Key"),
        });
        return jsonResponse({ success: true, message: "Cliente registrado", customer: { ...ana, id: 77 } }, 201);
      }
      return jsonResponse({ customers: [], count: 0, total: 0, offset: 0, limit: 30 });
    });
    render(<PickerHost />);
    type("Buscar por documento o celular", "1020304050");
    fireEvent.click(screen.getByRole("button", { name: "Nuevo cliente" }));

    const consent = screen.getByRole("checkbox", { name: /autoriza el tratamiento de sus datos/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(screen.getByText(DATA_CONSENT_TEXT)).toBeTruthy();
    expect(screen.getByLabelText("Número de documento")).toHaveProperty("value", "1020304050");
    type("Nombre o razón social", "Ana María Gómez");
    type("Celular o teléfono", "300 123 4567");

    fireEvent.click(screen.getByRole("button", { name: "Registrar cliente" }));
    expect(await screen.findByText(CONSENT_MISSING)).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.click(consent);
    fireEvent.click(screen.getByRole("button", { name: "Registrar cliente" }));
    await waitFor(() => expect(screen.getByTestId("chosen").textContent).toBe("77"));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      name: "Ana María Gómez",
      document_type: "CC",
      document_number: "1020304050",
      phone: "300 123 4567",
      email: null,
      data_consent: true,
    });
    expect(posts[0]?.key).toBeTruthy();
  });

  it("shows the server's Spanish message for a NIT with a wrong check digit and keeps the form open", async () => {
    signIn({ role: "seller", id: 5 });
    const detail = "El dígito de verificación del NIT no es válido (debería ser 4)";
    mockFetch(async (_url, init) =>
      init?.method === "POST"
        ? jsonResponse({ detail }, 422)
        : jsonResponse({ customers: [], count: 0, total: 0, offset: 0, limit: 30 }),
    );
    render(<PickerHost />);
    fireEvent.click(screen.getByRole("button", { name: "Nuevo cliente" }));
    type("Nombre o razón social", "DIAN");
    fireEvent.change(screen.getByLabelText("Tipo de documento"), { target: { value: "NIT" } });
    type("Número de documento", "800197268-5");
    fireEvent.click(screen.getByRole("checkbox", { name: /autoriza el tratamiento/ }));
    fireEvent.click(screen.getByRole("button", { name: "Registrar cliente" }));
    expect(await screen.findByText(new RegExp(detail.replace(/[()]/g, "\\$&")))).toBeTruthy();
    expect(screen.getByTestId("chosen").textContent).toBe("ninguno");
  });
});

describe("Nuevo cliente: the NIT's check digit (shared/nit.ts)", () => {
  it("accepts the hint's own example and refuses a wrong check digit before calling the API", async () => {
    signIn({ role: "seller", id: 5 });
    const posts: Record<string, unknown>[] = [];
    mockFetch(async (url, init) => {
      if (init?.method === "POST" && url === "/api/v1/customers") {
        posts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return jsonResponse({ success: true, message: "Cliente registrado", customer: { ...ana, id: 78 } }, 201);
      }
      return jsonResponse({ customers: [], count: 0, total: 0, offset: 0, limit: 30 });
    });
    render(<PickerHost />);
    fireEvent.click(screen.getByRole("button", { name: "Nuevo cliente" }));
    type("Nombre o razón social", "Distribuidora Andina S.A.S.");
    fireEvent.change(screen.getByLabelText("Tipo de documento"), { target: { value: "NIT" } });
    const hint = screen.getByText(/Con el dígito de verificación: /).textContent ?? "";
    const example = hint.replace(/^.*: /, "");
    expect(nitProblem(example)).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /autoriza el tratamiento/ }));
    type("Número de documento", "900123456-7");
    fireEvent.click(screen.getByRole("button", { name: "Registrar cliente" }));
    expect(await screen.findByText("El dígito de verificación del NIT no es válido (debería ser 8)")).toBeTruthy();
    expect(posts).toEqual([]);
    type("Número de documento", example);
    fireEvent.click(screen.getByRole("button", { name: "Registrar cliente" }));
    await waitFor(() => expect(screen.getByTestId("chosen").textContent).toBe("78"));
    expect(posts[0]).toMatchObject({ document_type: "NIT", document_number: example });
  });
});

describe("the sale carries the chosen customer", () => {
  it("sends customer_id in the multipart sale", async () => {
    signIn({ role: "seller", id: 5 });
    let sent: FormData | null = null;
    mockFetch(async (_url, init) => {
      sent = init?.body as FormData;
      return jsonResponse({ detail: "sin stock" }, 409);
    });
    const sale = toNewSale(emptySale(), { receipt: null, locationId: null, customerId: 41 });
    expect(sale.customer_id).toBe(41);
    await createSale(sale, "clave-venta-cliente-1").catch(() => undefined);
    expect((sent as FormData | null)?.get("customer_id")).toBe("41");
    expect(toNewSale(emptySale(), { receipt: null, locationId: null }).customer_id).toBeNull();
  });
});

describe("Clientes (administrador)", () => {
  it("lists the customers and opens one with their purchases", async () => {
    signIn({ role: "administrador", id: 2 });
    const detail: CustomerDetail = {
      customer: ana,
      purchases: [
        {
          sale_id: 501,
          sale_date: "2026-11-21T16:00:00.000Z",
          location_id: 1,
          location_name: "Local Centro",
          seller_name: "Valentina Rojas",
          status: "completed",
          total_amount: 369900,
          items_count: 1,
          items: [
            {
              sneaker_reference_code: "CONVERSE-01",
              brand: "Converse",
              model: "Chuck 70 Low",
              size: "40",
              quantity: 1,
              unit_price: 369900,
              subtotal: 369900,
            },
          ],
        },
      ],
      returns: [
        {
          id: 7,
          sale_id: 501,
          kind: "exchange",
          created_at: "2026-11-22T15:00:00.000Z",
          location_name: "Local Centro",
          reason_text: "Talla",
          returned_amount: 369900,
          refund_amount: 0,
          refund_method: null,
          exchange_sale_id: 502,
          lines: [
            {
              sneaker_reference_code: "CONVERSE-01",
              brand: "Converse",
              model: "Chuck 70 Low",
              size: "40",
              quantity: 1,
              amount: 369900,
            },
          ],
        },
      ],
      summary: { purchases: 1, total_amount: 0, returns: 1, returned_amount: 369900 },
    };
    mockFetch(async (url) => {
      if (url === "/api/v1/customers/41") return jsonResponse(detail);
      if (url.startsWith("/api/v1/customers"))
        return jsonResponse({ customers: [ana], count: 1, total: 1, offset: 0, limit: 30 });
      throw new Error(`inesperado: ${url}`);
    });
    render(<CustomersSection />);
    expect((await screen.findAllByTestId("customer-row")).length).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Ver compras de Ana María Gómez" }));
    const purchase = await screen.findByTestId("customer-purchase");
    expect(purchase.textContent).toContain("Venta #501");
    expect(purchase.textContent).toContain("Local Centro");
    expect(purchase.textContent).toContain("Chuck 70 Low");
    expect(screen.getByTestId("customer-summary").textContent).toMatch(/1 compra · .*neto de 1 devolución por/);
    const back = screen.getByTestId("customer-return");
    expect(back.textContent).toContain("Cambio #7 de la venta #501");
    expect(back.textContent).toContain("se llevó la venta #502");
  });
});
