// Electronic documents (domain/fiscal/issue.ts, outbox.ts): the company's fiscal settings, a numbered sale's
// POS document built with its CUDE and sent once through the provider (the local test provider in the
// company's Durable Object) whatever it answers (accept, reject, time out after accepting, answer twice),
// the state the administrador sees, re-sending a rejected one, and a return's nota de ajuste.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { electronicDocuments } from "../../../worker/db/schema";
import { MAX_ATTEMPTS } from "../../../worker/domain/fiscal/transmission/backoff";
import { api, client, db, expectDenied, expectError, ok } from "../support/helpers";
import {
  addStock,
  admin,
  centro,
  companyId,
  P,
  PRICE,
  post,
  REF,
  raceData,
  SIZE,
  saleBody,
  seller,
  unique,
} from "../support/race-fixtures";

vi.setConfig({ testTimeout: 120_000 });

const SETTINGS = {
  environment: "2",
  software_id: "6f1c2a4e-0b7d-4c55-9e1a-1234567890ab",
  software_pin: "75315",
  address: "Carrera 7 # 12-34",
  city_code: "11001",
  city_name: "Bogotá, D.C.",
  department_code: "11",
  department_name: "Bogotá",
  provider: "prueba",
} as const;

const hub = () => env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
const settingsOf = async (scenario: string) =>
  ok(client(await admin()).admin.admin["fiscal-settings"].$put({ json: { ...SETTINGS, provider_url: scenario } }));

beforeAll(async () => {
  await raceData();
  const res = await post(`${P}/admin/admin/numbering-ranges`, await admin(), {
    location_id: centro,
    resolution_number: "18764000000777",
    resolution_date: "2026-01-02",
    prefix: "FE",
    range_from: 1,
    range_to: 9999,
    valid_from: "2026-01-02",
    valid_until: "2099-01-01",
    document_text: "Resolución DIAN 18764000000777",
  });
  expect(res.status, await res.text()).toBe(201);
});

/** A numbered sale; its document drained now by the test, or by the hub's alarm the sale set. */
async function sell(drainBy: "test" | "alarm" | "nobody" = "test") {
  await addStock(REF, centro, SIZE, 1);
  const res = await post(`${P}/sales/create`, await seller(), saleBody(), { "Idempotency-Key": unique("venta-fe") });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  if (drainBy === "test") await hub().issueDocuments(companyId);
  // the sale asks the hub (after its answer) for an alarm a moment later, whose run drains the outbox
  else if (drainBy === "alarm")
    await vi.waitFor(async () => expect(await runDurableObjectAlarm(hub())).toBe(true), { timeout: 10_000 });
  return JSON.parse(text) as { sale_id: number; sale_details: { receipt_token: string; items: { id: number }[] } };
}

/** Returns the sale's first line, refunded in cash. */
async function giveBack(sold: Awaited<ReturnType<typeof sell>>) {
  const res = await post(
    `${P}/sale-returns`,
    await seller(),
    {
      sale_id: sold.sale_id,
      lines: [{ sale_item_id: sold.sale_details.items[0]?.id, quantity: 1 }],
      reason: "talla",
      refund_method: "efectivo",
    },
    { "Idempotency-Key": unique("devolucion-fe") },
  );
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { sale_return: { id: number; receipt_token: string } };
}

/** The highest nota de ajuste consecutive of the company so far (0: none). */
async function lastAdjustmentNumber() {
  const rows = await db()
    .select({ number: electronicDocuments.number })
    .from(electronicDocuments)
    .where(and(eq(electronicDocuments.companyId, companyId), eq(electronicDocuments.kind, "adjustment")));
  return Math.max(0, ...rows.map((r) => Number(r.number.slice(2))));
}

const documentOf = async (saleId: number) =>
  (await db().select().from(electronicDocuments).where(eq(electronicDocuments.saleId, saleId)))[0];

/** Makes the sale's document due now and drains the company's outbox. */
async function drainNow(saleId: number) {
  await db().run(
    sql`UPDATE electronic_documents SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE sale_id = ${saleId}`,
  );
  await hub().issueDocuments(companyId);
}

describe("fiscal settings", () => {
  it("the administrador saves them (never reads the PIN back); bad data 422; other roles 403", async () => {
    const saved = await settingsOf("accept");
    expect(saved.settings).toMatchObject({
      software_id: SETTINGS.software_id,
      city_code: "11001",
      software_pin_set: true,
    });
    expect(JSON.stringify(saved.settings)).not.toContain("75315");
    await expectError(
      await api(`${P}/admin/admin/fiscal-settings`, {
        method: "PUT",
        token: await admin(),
        json: { ...SETTINGS, city_code: "110" },
      }),
      422,
      "El código DANE del municipio son 5 dígitos",
    );
    await expectDenied(["seller", "bodeguero", "corredor"], (token) =>
      api(`${P}/admin/admin/fiscal-settings`, { token }),
    );
  });
});

describe("a numbered sale's electronic document", () => {
  it("is built at once (the receipt has its CUDE and QR) and accepted once, by the alarm the sale set", async () => {
    await settingsOf("accept");
    const sold = await sell("alarm");
    const receipt = (await (await api(`${P}/public/receipts/${sold.sale_details.receipt_token}`)).json()) as {
      receipt: { electronic: { number: string; cude: string; qr: string; status: string } };
    };
    expect(receipt.receipt.electronic.cude).toMatch(/^[0-9a-f]{96}$/);
    expect(receipt.receipt.electronic.qr).toContain(receipt.receipt.electronic.cude);
    const doc = await documentOf(sold.sale_id);
    expect(doc).toMatchObject({ kind: "pos", status: "aceptado", cude: receipt.receipt.electronic.cude });
    expect(doc?.xml).toMatch(/<cbc:InvoiceTypeCode[^>]*>20<\/cbc:InvoiceTypeCode>/);
    // the sale's own store, seller and resolution, read back from the sale
    expect(doc?.xml).toContain("Local Centro");
    expect(doc?.xml).toContain("18764000000777");
    expect(await hub().testProviderCounts(doc?.cude ?? "")).toEqual({ received: 1, sent: 1 });
  });

  it("a provider that times out after accepting: retried with the same CUDE, one document at the provider", async () => {
    await settingsOf("timeout_after_accept");
    const sold = await sell();
    const first = await documentOf(sold.sale_id);
    expect(first).toMatchObject({ status: "pendiente", attempts: 1 });
    expect(first?.reason).toBeTruthy();
    await drainNow(sold.sale_id);
    const after = await documentOf(sold.sale_id);
    expect(after?.status).toBe("aceptado");
    expect(await hub().testProviderCounts(after?.cude ?? "")).toEqual({ received: 1, sent: 2 });
  });

  it("a provider that answers twice, drained twice at once: one document", async () => {
    await settingsOf("answer_twice");
    const sold = await sell();
    await db().run(
      sql`UPDATE electronic_documents SET status = 'pendiente', next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE sale_id = ${sold.sale_id}`,
    );
    await Promise.all([hub().issueDocuments(companyId), hub().issueDocuments(companyId)]);
    const doc = await documentOf(sold.sale_id);
    expect(doc?.status).toBe("aceptado");
    expect((await hub().testProviderCounts(doc?.cude ?? "")).received).toBe(1);
  });

  it("a rejection reaches the administrador; a re-send after fixing issues it again (409 unless rejected)", async () => {
    await settingsOf("reject");
    const sold = await sell();
    const doc = await documentOf(sold.sale_id);
    expect(doc?.status).toBe("rechazado");
    expect(doc?.reason).toContain("Regla FAD06: el NIT del emisor no es válido");
    const listed = await ok(
      client(await admin()).admin.admin["electronic-documents"].$get({ query: { status: "rechazado" } }),
    );
    expect(listed.documents.map((d) => d.id)).toContain(doc?.id);
    // it is among those needing attention (Notificaciones and its badge read this)
    const attention = await ok(
      client(await admin()).admin.admin["electronic-documents"].$get({ query: { attention: "1", limit: "200" } }),
    );
    expect(attention.documents.find((d) => d.id === doc?.id)).toMatchObject({ needs_attention: true });
    expect(attention.documents.every((d) => d.needs_attention)).toBe(true);
    expect(attention.attention_count).toBeGreaterThanOrEqual(1);
    await expectError(await api(`${P}/admin/admin/electronic-documents?attention=si`, { token: await admin() }), 422);
    await settingsOf("accept");
    const resent = await ok(
      client(await admin()).admin.admin["electronic-documents"][":id"].resend.$post({ param: { id: String(doc?.id) } }),
    );
    expect(resent.document.id).toBe(doc?.id);
    expect((await documentOf(sold.sale_id))?.status).toBe("aceptado");
    const afterResend = await ok(
      client(await admin()).admin.admin["electronic-documents"].$get({ query: { attention: "1", limit: "200" } }),
    );
    expect(afterResend.documents.map((d) => d.id)).not.toContain(doc?.id);
    expect(afterResend.attention_count).toBe(attention.attention_count - 1);
    await expectError(await post(`${P}/admin/admin/electronic-documents/${doc?.id}/resend`, await admin(), {}), 409);
    // an id that is not a number names no document
    await expectError(await post(`${P}/admin/admin/electronic-documents/abc/resend`, await admin(), {}), 404);
    await expectDenied(["seller", "bodeguero"], (token) =>
      api(`${P}/admin/admin/electronic-documents/${doc?.id}/resend`, { method: "POST", token }),
    );
  });

  it("a document the provider leaves unanswered for MAX_ATTEMPTS calls needs the administrador's attention", async () => {
    await settingsOf("accept");
    const sold = await sell();
    const doc = await documentOf(sold.sale_id);
    const listAttention = async () =>
      ok(client(await admin()).admin.admin["electronic-documents"].$get({ query: { attention: "1", limit: "200" } }));
    const before = await listAttention();
    await db().run(
      sql`UPDATE electronic_documents SET status = 'enviado', attempts = ${MAX_ATTEMPTS - 1} WHERE id = ${doc?.id}`,
    );
    expect((await listAttention()).documents.map((d) => d.id)).not.toContain(doc?.id);
    await db().run(sql`UPDATE electronic_documents SET attempts = ${MAX_ATTEMPTS} WHERE id = ${doc?.id}`);
    const after = await listAttention();
    expect(after.documents.find((d) => d.id === doc?.id)).toMatchObject({ status: "enviado", needs_attention: true });
    expect(after.attention_count).toBe(before.attention_count + 1);
  });

  it("a return of a numbered sale issues a nota de ajuste citing the POS document's CUDE", async () => {
    await settingsOf("accept");
    const sold = await sell();
    const before = await lastAdjustmentNumber();
    const back = await giveBack(sold);
    await hub().issueDocuments(companyId);
    const [note] = await db()
      .select()
      .from(electronicDocuments)
      .where(eq(electronicDocuments.returnId, back.sale_return.id));
    const pos = (
      await db().select().from(electronicDocuments).where(eq(electronicDocuments.saleId, sold.sale_id))
    ).find((d) => d.kind === "pos");
    expect(note?.reason ?? "").toBe("");
    // the company's next consecutive, whatever the return's id
    expect(note).toMatchObject({ kind: "adjustment", number: `NA${before + 1}`, status: "aceptado" });
    expect(note?.xml).toContain(pos?.cude ?? "missing");
    const receipt = (await (await api(`${P}/public/receipts/${back.sale_return.receipt_token}`)).json()) as {
      receipt: { electronic: { kind: string; number: string } };
    };
    expect(receipt.receipt.electronic).toMatchObject({ kind: "adjustment", number: `NA${before + 1}` });
  });

  it("a return right after its sale, before any drain: its receipt still shows the nota's CUDE (the POS document built first)", async () => {
    await settingsOf("accept");
    const sold = await sell("nobody");
    const back = await giveBack(sold);
    const receipt = (await (await api(`${P}/public/receipts/${back.sale_return.receipt_token}`)).json()) as {
      receipt: { electronic: { kind: string; cude: string | null } };
    };
    expect(receipt.receipt.electronic.kind).toBe("adjustment");
    expect(receipt.receipt.electronic.cude).toMatch(/^[0-9a-f]{96}$/);
    const pos = (
      await db().select().from(electronicDocuments).where(eq(electronicDocuments.saleId, sold.sale_id))
    ).find((d) => d.kind === "pos");
    expect(pos?.cude).toMatch(/^[0-9a-f]{96}$/);
  });

  it("notas de ajuste are numbered without gaps: two returns at once take the next two consecutives", async () => {
    await settingsOf("accept");
    const [a, b] = [await sell(), await sell()];
    const before = await lastAdjustmentNumber();
    const backs = await Promise.all([giveBack(a), giveBack(b)]);
    const notes = await db()
      .select({ number: electronicDocuments.number })
      .from(electronicDocuments)
      .where(
        inArray(
          electronicDocuments.returnId,
          backs.map((r) => r.sale_return.id),
        ),
      );
    expect(notes.map((n) => n.number).sort()).toEqual([`NA${before + 1}`, `NA${before + 2}`].sort());
  });

  it("a sale without a number has no document", async () => {
    await db().run(sql`UPDATE numbering_ranges SET active = 0 WHERE company_id = ${companyId}`);
    const sold = await sell();
    expect(await documentOf(sold.sale_id)).toBeUndefined();
    expect(PRICE).toBeGreaterThan(0);
  });
});
