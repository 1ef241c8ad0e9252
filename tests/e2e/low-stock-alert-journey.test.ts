// Issue 37: a sale takes a product below its alert rule's minimum at Local Centro; the company's hub sends the
// e-mail through the send_email binding `wrangler dev` provides (miniflare's local one: no external service),
// and the administrador sees that alert message ONCE in Notificaciones → Alertas por correo, marked sent,
// however the sale was retried (the same Idempotency-Key again) and though a second sale stays below.
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const SELLER = "vendedor@demo.horma.co";
const ADMIN = "admin@demo.horma.co";
const STORE = "Local Centro";
const REFS = ["ADIDASSU-01", "VANSAUTH-01", "NIKEAIRM-01", "CONVERSE-02", "NEWBALAN-01", "REEBOKCL-01"];

async function apiLogin(email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const call = (token: string, path: string, method = "GET", body?: unknown, key?: string) =>
  fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      ...(key ? { "Idempotency-Key": key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

type Lookup = {
  product: { unit_price: number };
  availability: {
    sizes: {
      detailed_by_size: Record<
        string,
        {
          local_availability: { summary: { can_sell_now: boolean } };
          global_distribution: {
            by_location: { location_id: number; location_name: string; pairs: number; exhibition: number }[];
          };
        }
      >;
    };
  };
};

describe.skipIf(!baseUrl)("a low-stock alert e-mail, produced once", () => {
  const browser = suiteBrowser(SHOTS);

  it("a sale below the minimum: one message, sent, in the administrador's Alertas por correo", async () => {
    const seller = await apiLogin(SELLER);
    const admin = await apiLogin(ADMIN);
    // a product Local Centro can sell, and how many it has available (every size: pairs + exhibition)
    let pick: { ref: string; size: string; price: number; available: number; store: number } | null = null;
    for (const ref of REFS) {
      const res = await call(seller, `/api/v1/products/lookup?code=${ref}`);
      if (!res.ok) continue;
      const found = (await res.json()) as Lookup;
      const sizes = Object.entries(found.availability.sizes.detailed_by_size);
      const size = sizes.find(([, d]) => d.local_availability.summary.can_sell_now)?.[0];
      const here = sizes.flatMap(([, d]) => d.global_distribution.by_location.filter((l) => l.location_name === STORE));
      const available = here.reduce((a, l) => a + l.pairs + l.exhibition, 0);
      if (size && here[0] && available >= 2) {
        pick = { ref, size, price: found.product.unit_price, available, store: here[0].location_id };
        break;
      }
    }
    expect(pick, `a product with two pairs or more at ${STORE}`).toBeTruthy();
    if (!pick) return;

    // the company's addresses and a rule whose minimum is one pair below what the store has
    expect(
      (
        await call(admin, "/api/v1/admin/admin/alert-settings", "PUT", {
          notification_emails: ["gerencia@demo.horma.co"],
        })
      ).status,
    ).toBe(200);
    const rule = await call(admin, "/api/v1/admin/admin/inventory-alerts", "POST", {
      location_id: pick.store,
      threshold_value: pick.available - 1,
      product_reference: pick.ref,
      notification_emails: ["gerencia@demo.horma.co", "bodega@demo.horma.co"],
    });
    expect(rule.status, await rule.clone().text()).toBe(201);

    // the store's till open (a sale needs it when the company says so); one already open is kept
    await call(seller, "/api/v1/cash-sessions/open", "POST", { opening_float: 0 });
    const body = {
      items: [{ sneaker_reference_code: pick.ref, size: pick.size, quantity: 1 }],
      payment_methods: [{ payment_type: "efectivo", amount: pick.price }],
      total_amount: pick.price,
    };
    const key = crypto.randomUUID();
    const sale = await call(seller, "/api/v1/sales/create", "POST", body, key);
    expect(sale.status, await sale.clone().text()).toBe(201);
    // the client retries the same sale (same key): replayed, no second event
    const retry = await call(seller, "/api/v1/sales/create", "POST", body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");

    type Listed = { messages: { event_key: string; status: string; subject: string; sent_to: string[] }[] };
    const mine = async () =>
      (
        (await (await call(admin, "/api/v1/admin/admin/alert-messages?kind=low_stock&limit=200")).json()) as Listed
      ).messages.filter((m) => m.subject.includes(`(${pick.ref}) en ${STORE}`));
    // the hub's alarm sends it a moment after the sale
    await expect
      .poll(async () => (await mine()).map((m) => m.status), { timeout: 30_000, interval: 500 })
      .toEqual(["enviado"]);
    expect((await mine())[0]?.sent_to).toEqual(["gerencia@demo.horma.co", "bodega@demo.horma.co"]);

    // the administrador's screen: the message once, sent
    for (const [size, device] of [
      ["1280", DESKTOP],
      ["390", PHONE],
    ] as const) {
      const page = await (
        await browser().newContext({ ...device, locale: "es-CO", timezoneId: "America/Bogota" })
      ).newPage();
      await signInAs(page, baseUrl, ADMIN, "/administrador");
      await page.goto(`${baseUrl}/administrador/notifications`);
      const panel = page.getByRole("region", { name: "Alertas por correo" });
      const item = panel.getByTestId("alert-message").filter({ hasText: `(${pick.ref}) en ${STORE}` });
      await item.first().waitFor();
      expect(await item.count()).toBe(1);
      expect(await item.textContent()).toContain("Enviado");
      expect(await item.textContent()).toContain("para gerencia@demo.horma.co, bodega@demo.horma.co");
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/low-stock-alert-${size}.png`, fullPage: false });
      await page.context().close();
    }
  });
});
