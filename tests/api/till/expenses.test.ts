import { eq } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { expenses } from "../../../worker/db/schema";
import {
  accountRow,
  api,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  form,
  jpeg,
  login,
  ok,
} from "../support/helpers";

let sellerId = 0;
let _companyId = 0;
let _centro = 0;

beforeAll(async () => {
  const user = await accountRow(DEMO.seller);
  sellerId = user?.id ?? 0;
  _companyId = user?.companyId ?? 0;
  _centro = user?.locationId ?? 0;
});

describe("expenses", () => {
  it("registers an expense with a receipt and lists it today", async () => {
    const token = await login(DEMO.seller);
    const expenses$ = client(token).expenses;
    const created = await ok(
      expenses$.create.$post({
        form: { concept: "Almuerzo de inventario", amount: "25000", notes: "Dos personas", receipt_image: jpeg() },
      }),
      201,
    );
    expect(created.expense.has_receipt).toBe(true);
    const receipt = created.expense.receipt_url;
    assert(receipt, "the receipt's URL");
    expect((await api(receipt, { token })).status).toBe(200);
    const today = await ok(expenses$.today.$get());
    expect(today.data.map((e) => e.id)).toContain(created.expense_id);
    expect(today.summary.count).toBe(today.data.length);
    expect(today.summary.total_amount).toBe(today.data.reduce((a, e) => a + e.amount, 0));
  });

  it("refuses an expense of 0, without concept, or with a PDF receipt, and writes nothing", async () => {
    const token = await login(DEMO.seller);
    const before = await db().select().from(expenses).where(eq(expenses.userId, sellerId));
    await expectError(
      await api("/api/v1/expenses/create", { method: "POST", token, body: form({ concept: "x", amount: "0" }) }),
      422,
      /al menos 0,01/,
    );
    await expectError(
      await api("/api/v1/expenses/create", { method: "POST", token, body: form({ concept: "  ", amount: "10" }) }),
      422,
      "El concepto es requerido",
    );
    await expectError(
      await api("/api/v1/expenses/create", { method: "POST", token, body: form({ amount: "10" }) }),
      422,
    );
    const pdf = new File([new TextEncoder().encode("%PDF-1.4")], "r.png", { type: "image/png" });
    await expectError(
      await api("/api/v1/expenses/create", {
        method: "POST",
        token,
        body: form({ concept: "x", amount: "10", receipt_image: pdf }),
      }),
      415,
    );
    expect(await db().select().from(expenses).where(eq(expenses.userId, sellerId))).toHaveLength(before.length);
  });

  it("is idempotent with the same key", async () => {
    const token = await login(DEMO.seller);
    const call = () =>
      client(token, { headers: { "Idempotency-Key": "expense-key-1" } }).expenses.create.$post({
        form: { concept: "Taxi", amount: "9000" },
      });
    const a = await ok(call(), 201);
    const b = await ok(call(), 201);
    expect(b.expense_id).toBe(a.expense_id);
    // the same key from a colleague is refused, not answered with this expense
    const colleague = await api("/api/v1/expenses/create", {
      method: "POST",
      token: await login("vendedor2@demo.horma.co"),
      headers: { "Idempotency-Key": "expense-key-1" },
      body: form({ concept: "Taxi", amount: "9000" }),
    });
    await expectError(colleague, 409, "La clave de idempotencia ya se usó para otra operación");
  });

  it("other companies see none of them; boss, bodeguero and corredor are refused", async () => {
    const other = await ok(client(await login(DEMO.otherSeller)).expenses.today.$get());
    expect(other.data).toHaveLength(0);
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => api("/api/v1/expenses/today", { token }));
    await expectDenied(["boss"], (token) =>
      api("/api/v1/expenses/create", { method: "POST", token, body: form({ concept: "x", amount: "1" }) }),
    );
  });
});
