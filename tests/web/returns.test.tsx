import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Lookup } from "../../web/src/api/catalogue";
import type { Customer } from "../../web/src/api/customers";
import type { NewReturn, PastReturn, ReturnableSale, ReturnSale, SaleReturn } from "../../web/src/api/sale-returns";
import { ReturnsView } from "../../web/src/features/seller/returns/ReturnsView";
import { canReturn, unitsValue } from "../../web/src/features/seller/returns/returnForm";
import { SaleCard } from "../../web/src/features/seller/SaleCard";
import { jsonResponse, mockFetch, render, signInSeller } from "./helpers";
import { phoneCatalogue, sizeDetail } from "./scan-fixtures";
import { lineTaxFields, taxesOf } from "./tax-fixtures";

// 'Devoluciones y Cambios' (features/seller/returns): find the sale, choose the units, the reason and
// the money back or the exchange; past the window an administrador's PIN; the receipt at the end.

const AT = "2026-11-21T23:00:00.000Z";

const item = (patch: Partial<ReturnSale["items"][number]> & { id: number }): ReturnSale["items"][number] => ({
  sale_id: 41,
  sneaker_reference_code: "NIKEAIRM-01",
  brand: "Nike",
  model: "Air Max 90",
  color: "Blanco",
  size: "40",
  quantity: 1,
  returned_quantity: 0,
  unit_price: 200000,
  subtotal: 200000,
  ...lineTaxFields(patch.subtotal ?? 200000),
  ...patch,
});

function saleOf(id: number, items: ReturnSale["items"], patch: Partial<ReturnSale> = {}): ReturnSale {
  const subtotal = items.reduce((a, i) => a + i.subtotal, 0);
  return {
    id,
    seller_id: 5,
    location_id: 1,
    subtotal_amount: subtotal,
    discount_amount: 0,
    total_amount: subtotal,
    receipt_image: null,
    has_receipt: false,
    receipt_token: "0".repeat(32),
    fiscal_number: null,
    sale_date: AT,
    status: "completed",
    items_count: items.reduce((a, i) => a + i.quantity, 0),
    notes: null,
    requires_confirmation: false,
    confirmed: true,
    confirmed_at: AT,
    confirmation_notes: null,
    transfer_id: null,
    first_name: "Valentina",
    last_name: "Rojas",
    seller_name: "Valentina Rojas",
    location_name: "Local Centro",
    customer: {
      id: 3,
      name: "Laura Gómez",
      document_type: "CC",
      document_number: "1020304050",
      nit_check_digit: null,
      document: "CC 1020304050",
    },
    items,
    taxes: taxesOf(subtotal),
    payment_methods: [
      {
        id: id * 10,
        sale_id: id,
        payment_type: "efectivo",
        amount: subtotal,
        reference: null,
        cash_received: null,
        change: null,
        created_at: AT,
      },
    ],
    ...patch,
  };
}

/** Sale #41: two Nike 40 (one already back) and one Adidas 39, no discount. */
const sale41 = saleOf(41, [
  item({ id: 410, quantity: 2, returned_quantity: 1, subtotal: 400000 }),
  item({
    id: 411,
    sneaker_reference_code: "ADIDASFO-01",
    brand: "Adidas",
    model: "Forum Low",
    size: "39",
    unit_price: 159900,
    subtotal: 159900,
  }),
]);

const pastLine = {
  sale_item_id: 410,
  sneaker_reference_code: "NIKEAIRM-01",
  brand: "Nike",
  model: "Air Max 90",
  color: "Blanco",
  size: "40",
  quantity: 1,
  amount: 200000,
  destination: "sellable",
  tax_class: "iva_19",
  tax_base: lineTaxFields(200000).tax_base,
  tax_amount: lineTaxFields(200000).tax_amount,
} satisfies PastReturn["lines"][number];

const pastReturn = {
  id: 3,
  sale_id: 41,
  kind: "return",
  created_at: AT,
  location_id: 1,
  location_name: "Local Centro",
  user_name: "Valentina Rojas",
  reason: "talla",
  reason_text: "Talla",
  notes: null,
  returned_amount: 200000,
  refund_amount: 200000,
  refund_method: "efectivo",
  credit_amount: 0,
  exchange_sale_id: null,
  approved_by_name: null,
  receipt_token: "a".repeat(32),
  lines: [pastLine],
  taxes: taxesOf(200000),
} satisfies PastReturn;

const found41 = { sale: sale41, returns: [pastReturn] } satisfies ReturnableSale;

/** Sale #42: two Nike 40 at 200.000 with 40.000 of discount (one pair is worth 180.000). */
const sale42 = saleOf(42, [item({ id: 420, sale_id: 42, quantity: 2, subtotal: 400000, ...lineTaxFields(360000) })], {
  discount_amount: 40000,
  total_amount: 360000,
});
const found42 = { sale: sale42, returns: [] } satisfies ReturnableSale;

const refunded = {
  ...pastReturn,
  id: 4,
  created_at: "2026-11-26T15:00:00.000Z",
  reason: "defecto",
  reason_text: "Defecto",
  returned_amount: 159900,
  refund_amount: 159900,
  refund_method: "tarjeta",
  receipt_token: "b".repeat(32),
  lines: [
    {
      ...pastLine,
      sale_item_id: 411,
      sneaker_reference_code: "ADIDASFO-01",
      size: "39",
      amount: 159900,
      destination: "damaged",
    },
  ],
  exchange_sale: null,
} satisfies SaleReturn;

const lookup = {
  matched_by: "reference_code",
  size: null,
  product: {
    id: 30,
    reference_code: "ADIDASUL-01",
    brand: "Adidas",
    model: "Ultraboost",
    color: "Negro",
    category: "running",
    unit_price: 259900,
    box_price: null,
    is_active: true,
    image_url: null,
  },
  availability: {
    sizes: {
      available_sizes: ["40", "41", "42"],
      detailed_by_size: {
        "40": sizeDetail({ pairs: 0 }),
        "41": sizeDetail({ pairs: 2 }),
        "42": sizeDetail({ pairs: 1 }),
      },
    },
    distribution_matrix: {},
    global_summary: { total_pairs: 3, total_left_feet: 0, total_right_feet: 0, locations_with_stock: 1 },
    pair_formation_opportunities: [],
    transfer_suggestions: [],
    can_sell_now: true,
    available_elsewhere: false,
  },
} satisfies Lookup;

type Sent = { body: NewReturn; key: string | null };

/** The API as the view calls it: the sale by code, the catalogue, and the create answers in turn. */
const laura = {
  id: 3,
  name: "Laura Gómez",
  document_type: "CC",
  document_number: "1020304050",
  nit_check_digit: null,
  document: "CC 1020304050",
  phone: "3001234567",
  email: null,
  data_consent: true,
  consent_at: AT,
  created_at: AT,
  updated_at: AT,
} satisfies Customer;

function serve(found: Record<string, ReturnableSale>, answers: Response[] = []) {
  const sent: Sent[] = [];
  const calls = mockFetch(async (url, init) => {
    const u = new URL(url, "http://horma.test");
    if (u.pathname === "/api/v1/sale-returns/sale") {
      const hit = found[u.searchParams.get("code") ?? ""];
      return hit ? jsonResponse(hit) : jsonResponse({ detail: "Venta no encontrada" }, 404);
    }
    if (u.pathname === "/api/v1/customers") {
      return jsonResponse({ customers: [laura], count: 1, total: 1, offset: 0, limit: 30 });
    }
    if (u.pathname === "/api/v1/sale-returns/sales") {
      return jsonResponse({ sales: u.searchParams.get("customer_id") === "3" ? [sale41] : [] });
    }
    if (u.pathname === "/api/v1/classify/catalog") {
      // the phone's copy of the catalogue the sale form's search reads
      return jsonResponse(
        phoneCatalogue([
          {
            product_id: 30,
            reference_code: "ADIDASUL-01",
            brand: "Adidas",
            model: "Ultraboost",
            color: "Negro Ónix",
            unit_price: 259900,
            image_url: null,
            has_references: false,
            variants: [],
          },
        ]),
      );
    }
    if (u.pathname === "/api/v1/products/lookup") {
      return u.searchParams.get("code") === "ADIDASUL-01"
        ? jsonResponse(lookup)
        : jsonResponse({ detail: "Código no encontrado" }, 404);
    }
    if (u.pathname === "/api/v1/sale-returns" && init?.method === "POST") {
      sent.push({
        body: JSON.parse(String(init.body)) as NewReturn,
        key: new Headers(init.headers).get("Idempotency-Key"),
      });
      return answers.shift() ?? jsonResponse({ detail: "sin respuesta" }, 500);
    }
    return jsonResponse({ detail: `no esperada: ${url}` }, 500);
  });
  return { sent, calls };
}

const created = (r: SaleReturn) =>
  jsonResponse(
    { success: true, message: r.kind === "exchange" ? "Cambio registrado" : "Devolución registrada", sale_return: r },
    201,
  );

async function openSale(code: string) {
  fireEvent.change(screen.getByLabelText("Número de venta o código del recibo"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Buscar" }));
}

const register = () => fireEvent.click(screen.getByRole("button", { name: /^Registrar (devolución|cambio)/ }));

describe("finding the sale", () => {
  it("by its number: the sale, its lines as sold / already returned, and the returns before", async () => {
    signInSeller();
    const { calls } = serve({ "41": found41 });
    render(<ReturnsView onLeaveSale={() => undefined} />);
    await openSale("41");
    const header = await screen.findByRole("region", { name: "Venta #41" });
    expect(String(calls.mock.calls[0]?.[0])).toBe("/api/v1/sale-returns/sale?code=41");
    expect(header.textContent).toContain("Valentina Rojas · Local Centro");
    expect(header.textContent).toContain("Laura Gómez · CC 1020304050");
    expect(header.textContent).toMatch(/21\/11\/2026/);
    const past = within(header).getByRole("region", { name: "Devoluciones anteriores" });
    expect(past.textContent).toContain("Devolución #3");
    expect(past.textContent).toContain("1 × NIKEAIRM-01 T40");
    expect(within(past).getByRole("link", { name: "Ver recibo" }).getAttribute("href")).toBe(
      `/recibo/${"a".repeat(32)}`,
    );
    const counts = screen.getAllByTestId("return-line-counts").map((p) => p.textContent);
    expect(counts).toEqual(["Vendidos 2 · ya devueltos 1", "Vendidos 1 · ya devueltos 0"]);
  });

  it("says what the server says when there is no such sale, and opens the one of ?sale= directly", async () => {
    signInSeller();
    const { calls } = serve({ "41": found41 });
    const view = render(<ReturnsView onLeaveSale={() => undefined} />);
    await openSale("999");
    expect(await screen.findByText("Venta no encontrada")).toBeTruthy();
    view.unmount();
    render(<ReturnsView saleId={41} onLeaveSale={() => undefined} />);
    await screen.findByRole("region", { name: "Venta #41" });
    expect(String(calls.mock.calls.at(-1)?.[0])).toBe("/api/v1/sale-returns/sale?code=41");
  });

  it("by the customer: their sales at this store, one tap opens it", async () => {
    signInSeller();
    const { calls } = serve({ "41": found41 });
    render(<ReturnsView onLeaveSale={() => undefined} />);
    fireEvent.change(await screen.findByLabelText("Buscar por documento o celular"), {
      target: { value: "10203040" },
    });
    const option = await screen.findByRole("button", { name: /Laura Gómez/ });
    // a return is of a known customer: nobody is registered from here
    expect(screen.queryByRole("button", { name: "Nuevo cliente" })).toBeNull();
    fireEvent.click(option);
    const list = await screen.findByRole("list", { name: "Compras de Laura Gómez" });
    expect(calls.mock.calls.map(([u]) => String(u))).toContain("/api/v1/sale-returns/sales?customer_id=3");
    fireEvent.click(within(list).getByRole("button", { name: /Venta #41/ }));
    await screen.findByRole("region", { name: "Venta #41" });
  });

  it("a sale with nothing left to bring back shows why and no form", async () => {
    signInSeller();
    const allBack = saleOf(43, [item({ id: 430, sale_id: 43, returned_quantity: 1 })]);
    serve({ "43": { sale: allBack, returns: [] } });
    render(<ReturnsView saleId={43} onLeaveSale={() => undefined} />);
    expect(await screen.findByText("Todo lo de esta venta ya se devolvió.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Registrar/ })).toBeNull();
  });
});

describe("a return with money back", () => {
  it("asks units and reason first, then sends the chosen lines (a defect goes to dañado) and shows the receipt", async () => {
    signInSeller();
    const { sent, calls } = serve({ "41": found41 }, [created(refunded)]);
    const saleReads = () =>
      calls.mock.calls.filter(([url]) => String(url).startsWith("/api/v1/sale-returns/sale?")).length;
    render(<ReturnsView saleId={41} onLeaveSale={() => undefined} />);
    await screen.findByRole("region", { name: "Venta #41" });
    register();
    expect(await screen.findByText("Elige al menos una unidad para devolver")).toBeTruthy();

    // the Nike line has one unit left: + stops there
    fireEvent.click(screen.getByRole("button", { name: "Una más de ADIDASFO-01 talla 39" }));
    expect(
      (screen.getByRole("button", { name: "Una más de ADIDASFO-01 talla 39" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const lines = screen.getAllByTestId("return-line");
    const adidas = lines[1] as HTMLElement;
    const destination = (name: string) => (within(adidas).getByRole("radio", { name }) as HTMLInputElement).checked;
    expect(destination("Vuelve a la venta")).toBe(true);
    register();
    expect(await screen.findAllByText("Elige el motivo de la devolución")).not.toHaveLength(0);
    fireEvent.click(screen.getByRole("radio", { name: "Defecto" }));
    expect(destination("Dañado (defecto)")).toBe(true);
    expect(screen.getByTestId("refund-estimate").textContent).toMatch(/159\.900/);
    expect(screen.getByText("Se devuelve todo lo pagado por esas unidades")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Tarjeta" }));
    fireEvent.change(screen.getByLabelText(/^Nota/), { target: { value: "Suela despegada" } });
    const before = saleReads();
    register();

    expect(await screen.findByText("Devolución registrada")).toBeTruthy();
    // what is left of the sale changed: it is read again (a later search shows it)
    await waitFor(() => expect(saleReads()).toBeGreaterThan(before));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBeTruthy();
    expect(sent[0]?.body).toEqual({
      sale_id: 41,
      lines: [{ sale_item_id: 411, quantity: 1, destination: "damaged" }],
      reason: "defecto",
      notes: "Suela despegada",
      admin_pin: null,
      refund_amount: null,
      refund_method: "tarjeta",
      exchange: null,
    });
    expect(screen.getByTestId("done-refund").textContent).toMatch(/159\.900/);
    expect(screen.getByText("Reembolso en tarjeta")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver e imprimir recibo" }).getAttribute("href")).toBe(
      `/recibo/${"b".repeat(32)}`,
    );
    const wa = decodeURIComponent(screen.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href") ?? "");
    expect(wa).toContain("tu recibo de la devolución #4 (venta #41)");
    expect(wa).toContain(`/recibo/${"b".repeat(32)}`);
  });

  it("'Devolver menos' sends the amount typed", async () => {
    signInSeller();
    const { sent } = serve({ "41": found41 }, [created({ ...refunded, refund_amount: 100000 })]);
    render(<ReturnsView saleId={41} onLeaveSale={() => undefined} />);
    fireEvent.click(await screen.findByRole("button", { name: "Una más de NIKEAIRM-01 talla 40" }));
    fireEvent.click(screen.getByRole("radio", { name: "Talla" }));
    fireEvent.click(screen.getByLabelText("Devolver menos"));
    fireEvent.change(screen.getByLabelText(/^Monto a devolver/), { target: { value: "100000" } });
    register();
    await screen.findByText("Devolución registrada");
    expect(sent[0]?.body).toMatchObject({
      lines: [{ sale_item_id: 410, quantity: 1, destination: "sellable" }],
      reason: "talla",
      refund_amount: 100000,
      refund_method: "efectivo",
    });
  });
});

describe("past the return window", () => {
  it("a 403 asking an administrador's PIN opens 'Autorización de administrador'; a wrong PIN says so; the right one registers", async () => {
    signInSeller();
    const window403 =
      "La venta tiene 40 días (el plazo de devolución es de 30): se necesita el PIN de un administrador";
    const { sent } = serve({ "41": found41 }, [
      jsonResponse({ detail: window403 }, 403),
      jsonResponse({ detail: "PIN de administrador incorrecto" }, 403),
      created({ ...refunded, approved_by_name: "Andrés Gómez" }),
    ]);
    render(<ReturnsView saleId={41} onLeaveSale={() => undefined} />);
    fireEvent.click(await screen.findByRole("button", { name: "Una más de ADIDASFO-01 talla 39" }));
    fireEvent.click(screen.getByRole("radio", { name: "No le gustó" }));
    register();

    const dialog = await screen.findByRole("dialog", { name: "Autorización de administrador" });
    expect(dialog.textContent).toContain(window403);
    fireEvent.click(within(dialog).getByRole("button", { name: "Autorizar y registrar" }));
    expect(within(dialog).getByText("El PIN tiene entre 4 y 6 dígitos")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^PIN del administrador/), { target: { value: "0000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Autorizar y registrar" }));
    expect(await within(dialog).findByText("PIN de administrador incorrecto")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^PIN del administrador/), { target: { value: "2468" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Autorizar y registrar" }));

    expect(await screen.findByText("Devolución registrada")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("Autorizó: Andrés Gómez")).toBeTruthy();
    expect(sent.map((s) => s.body.admin_pin)).toEqual([null, "0000", "2468"]);
    expect(sent.map((s) => s.body.reason)).toEqual(["no_le_gusto", "no_le_gusto", "no_le_gusto"]);
    // each attempt with other data has its own key
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
  });
});

describe("a cash refund the drawer cannot pay", () => {
  it("a 409 saying so opens the administrador's authorisation with PIN and reason; both go with the return", async () => {
    signInSeller();
    const short =
      "No hay suficiente efectivo en la caja: hay $ 10.000 y se necesitan $ 100.000. Un administrador puede autorizarlo con su PIN y un motivo";
    const { sent } = serve({ "41": found41 }, [
      jsonResponse({ detail: short }, 409),
      created({ ...refunded, approved_by_name: "Andrés Gómez" }),
    ]);
    render(<ReturnsView saleId={41} onLeaveSale={() => undefined} />);
    fireEvent.click(await screen.findByRole("button", { name: "Una más de ADIDASFO-01 talla 39" }));
    fireEvent.click(screen.getByRole("radio", { name: "No le gustó" }));
    register();

    const dialog = await screen.findByRole("dialog", { name: "Autorización de administrador" });
    expect(dialog.textContent).toContain(short);
    fireEvent.change(within(dialog).getByLabelText(/^PIN del administrador/), { target: { value: "2468" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Autorizar y registrar" }));
    expect(within(dialog).getByText(/Escribe el motivo/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Motivo de la autorización/), {
      target: { value: "Pagó con tarjeta y no la trae" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Autorizar y registrar" }));

    expect(await screen.findByText("Devolución registrada")).toBeTruthy();
    expect(sent.map((s) => s.body.admin_pin)).toEqual([null, "2468"]);
    expect(sent[1]?.body.authorization_reason).toBe("Pagó con tarjeta y no la trae");
    expect(sent[0]?.body.authorization_reason).toBeUndefined();
  });
});

describe("an exchange", () => {
  async function exchangeOf(found: ReturnableSale, answers: Response[] = []) {
    signInSeller();
    const api = serve({ [String(found.sale.id)]: found }, answers);
    render(<ReturnsView saleId={found.sale.id} onLeaveSale={() => undefined} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Una más de NIKEAIRM-01 talla 40/ }));
    fireEvent.click(screen.getByRole("radio", { name: "Talla" }));
    fireEvent.click(screen.getByRole("radio", { name: "Cambiar por otro producto" }));
    const code = screen.getByLabelText(/^Código de referencia/);
    fireEvent.change(code, { target: { value: "ADIDASUL-01" } });
    fireEvent.blur(code);
    expect((await screen.findByTestId("exchange-price")).textContent).toMatch(/259\.900/);
    return api;
  }

  it("the new product's field searches like the sale form: words of brand, model and colour, without accents", async () => {
    signInSeller();
    serve({ "42": found42 });
    render(<ReturnsView saleId={42} onLeaveSale={() => undefined} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Una más de NIKEAIRM-01 talla 40/ }));
    fireEvent.click(screen.getByRole("radio", { name: "Talla" }));
    fireEvent.click(screen.getByRole("radio", { name: "Cambiar por otro producto" }));
    const code = screen.getByLabelText(/^Código de referencia/) as HTMLInputElement;
    expect(code.getAttribute("role")).toBe("combobox");
    fireEvent.focus(code);
    fireEvent.change(code, { target: { value: "adidas onix" } });
    const list = await screen.findByRole("listbox", { name: "Productos del catálogo" });
    const [option] = within(list).getAllByRole("option");
    expect(option?.textContent).toContain("Adidas Ultraboost");
    fireEvent.click(option as HTMLElement);
    expect(code.value).toBe("ADIDASUL-01");
    expect((await screen.findByTestId("exchange-price")).textContent).toMatch(/259\.900/);
    // the store's sizes come from the lookup of the chosen product
    expect(await screen.findByRole("button", { name: "Talla 41" })).toBeTruthy();
  });

  it("a dearer pair after a discount: credit estimated from the sale's total, the difference paid in cash with change", async () => {
    const { sent } = await exchangeOf(found42, [
      jsonResponse({ detail: "El cliente debe pagar $ 80.000 de diferencia (los pagos suman $ 79.900)" }, 422),
    ]);
    // sizes this store has: 41 and 42 (none of 40)
    expect(screen.queryByRole("button", { name: "Talla 40" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Talla 41" }));
    expect((screen.getByLabelText(/^Talla \*/) as HTMLInputElement).value).toBe("41");
    // 200.000 × 360.000 / 400.000 = 180.000 of credit; 259.900 − 180.000 = 79.900 to pay
    expect(screen.getByTestId("exchange-credit").textContent).toMatch(/180\.000/);
    expect(screen.getByText("Saldo a favor (aprox.)")).toBeTruthy();
    expect(screen.getByTestId("exchange-total").textContent).toMatch(/259\.900/);
    expect(screen.getByTestId("exchange-to-pay").textContent).toMatch(/79\.900/);
    const payment = screen.getByRole("region", { name: "Pago de la diferencia" });
    expect((within(payment).getByLabelText("Monto") as HTMLInputElement).value).toBe("79900");
    fireEvent.change(within(payment).getByLabelText(/^Efectivo recibido/), { target: { value: "100000" } });
    expect(within(payment).getByTestId("cash-change").textContent).toMatch(/Cambio: \$\s?20\.100/);
    register();

    // the server's exact difference, shown as it said it
    expect(
      await screen.findByText("El cliente debe pagar $ 80.000 de diferencia (los pagos suman $ 79.900)"),
    ).toBeTruthy();
    expect(sent[0]?.body).toEqual({
      sale_id: 42,
      lines: [{ sale_item_id: 420, quantity: 1, destination: "sellable" }],
      reason: "talla",
      notes: null,
      admin_pin: null,
      refund_amount: null,
      refund_method: null,
      exchange: {
        items: [{ sneaker_reference_code: "ADIDASUL-01", size: "41", quantity: 1 }],
        payments: [{ payment_type: "efectivo", amount: 79900, reference: null, cash_received: 100000 }],
      },
    });
  });

  it("a cheaper pair: no payment, the rest goes back by the method chosen", async () => {
    const dear = saleOf(44, [item({ id: 440, sale_id: 44, unit_price: 300000, subtotal: 300000 })]);
    const exchange = {
      ...refunded,
      id: 5,
      sale_id: 44,
      kind: "exchange",
      reason: "talla",
      reason_text: "Talla",
      returned_amount: 300000,
      refund_amount: 40100,
      refund_method: "transferencia",
      credit_amount: 259900,
      exchange_sale_id: 45,
      receipt_token: "c".repeat(32),
      exchange_sale: saleOf(45, [item({ id: 450, sale_id: 45, unit_price: 259900, subtotal: 259900 })]),
    } satisfies SaleReturn;
    const { sent } = await exchangeOf({ sale: dear, returns: [] }, [created(exchange)]);
    fireEvent.change(screen.getByLabelText(/^Talla \*/), { target: { value: "42" } });
    expect(screen.getByTestId("exchange-refund").textContent).toMatch(/40\.100/);
    expect(screen.queryByRole("region", { name: "Pago de la diferencia" })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Transferencia" }));
    register();
    expect(await screen.findByText("Cambio registrado")).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({
      refund_method: "transferencia",
      exchange: { items: [{ sneaker_reference_code: "ADIDASUL-01", size: "42", quantity: 1 }], payments: [] },
    });
    expect(screen.getByTestId("done-credit").textContent).toMatch(/259\.900/);
    expect(screen.getByTestId("done-exchange-total").textContent).toMatch(/259\.900/);
  });

  it("refuses to send until every new product is found in the catalogue with a size", async () => {
    const { sent } = await exchangeOf(found42);
    register();
    expect(
      await screen.findByText(
        "Completa los productos del cambio: referencia del catálogo, talla y cantidad",
        {},
        // a loaded machine (the whole suite at once) takes more than the default second
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

describe("values and the sale card", () => {
  it("values units as the server does: each share floored, the returns of a line adding up to its worth", () => {
    // its one line's net is the sale's total (the discount is all its own)
    const odd = saleOf(
      50,
      [item({ id: 500, sale_id: 50, quantity: 3, unit_price: 100001, subtotal: 300003, net_amount: 270001 })],
      {
        total_amount: 270001,
        discount_amount: 30002,
      },
    );
    const line = odd.items[0] as ReturnSale["items"][number];
    const one = unitsValue(line, odd, 1);
    expect(one).toBe(90000);
    const after = { ...line, returned_quantity: 1 };
    const rest = unitsValue(after, odd, 2);
    expect(one + rest).toBe(unitsValue(line, odd, 3));
    expect(unitsValue(line, odd, 3)).toBe(270001);
  });

  it("'Devolver / Cambiar' only on a confirmed sale with units left", () => {
    const onReturn = vi.fn();
    const sale = { ...sale41 };
    const view = render(<SaleCard sale={sale} busy={false} onDecide={() => undefined} onReturn={onReturn} />);
    fireEvent.click(screen.getByRole("button", { name: /Devolver \/ Cambiar/ }));
    expect(onReturn).toHaveBeenCalledWith(sale);
    expect(screen.getByTestId("sale-card").textContent).toContain("1 devuelto");
    const allBack = { ...sale41, items: sale41.items.map((i) => ({ ...i, returned_quantity: i.quantity })) };
    view.rerender(<SaleCard sale={allBack} busy={false} onDecide={() => undefined} onReturn={onReturn} />);
    expect(screen.queryByRole("button", { name: /Devolver \/ Cambiar/ })).toBeNull();
    expect(canReturn({ ...sale41, requires_confirmation: true, confirmed: false })).toBe(false);
    expect(canReturn({ ...sale41, status: "rejected" })).toBe(false);
  });
});
