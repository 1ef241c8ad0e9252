// Alert e-mails (issue 37, docs/alerts.md): each event writes ONE outbox row in its own batch (a sale or an
// adjustment taking stock below an alert rule's minimum, a till closed beyond the threshold, a reception with
// differences, a numbering range at 90 %), the company's hub sends it through the send_email binding
// (miniflare's local one here: it parses the MIME, stores it and answers a message id), and the row records
// who got it, when and the id. The routes: the administrador's list and the alert settings (digest switch).
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../worker/db/client";
import { dailyAlerts } from "../../../worker/domain/alerts/daily";
import { composeDigest } from "../../../worker/domain/alerts/digest";
import { type AlertTransport, sendDueAlerts } from "../../../worker/domain/alerts/drain";
import { bindingTransport } from "../../../worker/domain/alerts/transport";
import { api, client, db, expectDenied, expectError, ok } from "../support/helpers";
import { burst } from "../support/race-cases";
import {
  addStock,
  admin,
  centro,
  closeCounts,
  companyId,
  count,
  discrepancy,
  keeper,
  nextSeq,
  openTill,
  P,
  PRICE,
  post,
  principal,
  productId,
  publishedProduct,
  REF,
  raceData,
  SIZE,
  saleBody,
  seller,
  transferAt,
  unique,
} from "../support/race-fixtures";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(raceData);

const hub = () => env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
const COMPANY_EMAILS = ["gerencia@demo.horma.co", "alertas@demo.horma.co"];

type Row = {
  id: number;
  event_key: string;
  status: string;
  attempts: number;
  recipients: string;
  sent_to: string;
  sent_at: string | null;
  message_id: string | null;
  subject: string | null;
  body: string | null;
};
const rowsLike = (pattern: string) =>
  db().all<Row>(
    sql`SELECT * FROM alert_messages WHERE company_id = ${companyId} AND event_key LIKE ${pattern} ORDER BY id`,
  );

const setEmails = async (json: { daily_digest?: boolean; notification_emails?: string[] }) =>
  ok(client(await admin()).admin.admin["alert-settings"].$put({ json }));

/** Available pairs (pairs − reserved + exhibition) of REF at Local Centro, every size. */
const availableAtCentro = () =>
  count(sql`SELECT COALESCE(SUM(i.pairs - i.reserved_pairs + i.exhibition), 0) AS n FROM inventory i
    JOIN products p ON p.id = i.product_id WHERE p.reference_code = ${REF} AND i.location_id = ${centro}`);

async function sellOne(key = unique("venta")) {
  const res = await post(`${P}/sales/create`, await seller(), saleBody(), { "Idempotency-Key": key });
  expect(res.status, await res.clone().text()).toBe(201);
  return key;
}

describe("alert settings", () => {
  it("reads the defaults, saves the addresses and the digest switch, refuses what is not valid", async () => {
    const token = await admin();
    const before = await ok(client(token).admin.admin["alert-settings"].$get());
    expect(before.settings).toEqual({ daily_digest: false, notification_emails: [] });
    const saved = await setEmails({ notification_emails: [" Gerencia@Demo.Horma.co ", "alertas@demo.horma.co"] });
    expect(saved.settings).toEqual({ daily_digest: false, notification_emails: COMPANY_EMAILS });
    await expectError(
      await api(`${P}/admin/admin/alert-settings`, {
        method: "PUT",
        token,
        json: { notification_emails: ["no-es-correo"] },
      }),
      422,
      /no es un correo válido/,
    );
    await expectError(await api(`${P}/admin/admin/alert-settings`, { method: "PUT", token, json: {} }), 422);
  });

  it("is the administrador's: the other roles are refused", async () => {
    const others = ["boss", "seller", "bodeguero", "corredor"] as const;
    await expectDenied(others, (token) => api(`${P}/admin/admin/alert-settings`, { token }));
    await expectDenied(others, (token) =>
      api(`${P}/admin/admin/alert-settings`, { method: "PUT", token, json: { daily_digest: true } }),
    );
    await expectDenied(others, (token) => api(`${P}/admin/admin/alert-messages`, { token }));
  });
});

describe("races", () => {
  it("ten identical settings saves at once, with one key or none: all succeed, one settings row", async () => {
    const token = await admin();
    const json = { notification_emails: COMPANY_EMAILS };
    const put = (headers: Record<string, string>) =>
      api(`${P}/admin/admin/alert-settings`, { method: "PUT", token, json, headers });
    const key = unique("ajustes");
    const withKey = await burst(10, () => put({ "Idempotency-Key": key }));
    expect(withKey.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(withKey.map((a) => a.body)).size).toBe(1);
    const withoutKey = await burst(10, () => put({}));
    expect(withoutKey.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await count(sql`SELECT COUNT(*) AS n FROM alert_settings WHERE company_id = ${companyId}`)).toBe(1);
  });

  it("five sales at once that take a product below its minimum: one crossing, one message", async () => {
    await addStock(REF, centro, SIZE, 6);
    const available = await availableAtCentro();
    const rule = await ok(
      client(await admin()).admin.admin["inventory-alerts"].$post({
        json: { location_id: centro, threshold_value: available - 1, product_reference: REF },
      }),
      201,
    );
    const token = await seller();
    const sales = await burst(5, () =>
      post(`${P}/sales/create`, token, saleBody(), { "Idempotency-Key": unique("rafaga") }),
    );
    expect(sales.map((s) => s.status)).toEqual(Array(5).fill(201));
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
    // the rule is switched off so the later cases of the file see only their own
    await db().run(sql`UPDATE inventory_alerts SET is_active = 0 WHERE id = ${rule.id}`);
  });
});

describe("a sale that takes stock below an alert rule's minimum", () => {
  it("writes exactly one message per crossing: not again on a replay or a second sale still below", async () => {
    await setEmails({ notification_emails: COMPANY_EMAILS });
    await addStock(REF, centro, SIZE, 3);
    const available = await availableAtCentro();
    // the rule's minimum is one below what the store has: the next sale crosses it
    const rule = await ok(
      client(await admin()).admin.admin["inventory-alerts"].$post({
        json: {
          location_id: centro,
          threshold_value: available - 1,
          product_reference: REF,
          notification_emails: ["bodega@demo.horma.co"],
        },
      }),
      201,
    );
    const pattern = `low_stock:${rule.id}:%`;
    expect(await rowsLike(pattern)).toHaveLength(0);
    const key = await sellOne();
    const [first, ...more] = await rowsLike(pattern);
    expect(more).toHaveLength(0);
    expect(first?.status).toBe("pendiente");
    expect(JSON.parse(first?.recipients ?? "[]")).toEqual(["bodega@demo.horma.co"]);
    // the same sale again (same Idempotency-Key): replayed, nothing new
    const replay = await post(`${P}/sales/create`, await seller(), saleBody(), { "Idempotency-Key": key });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    // another sale while still below the minimum: the same crossing, no new message
    await sellOne();
    expect(await rowsLike(pattern)).toHaveLength(1);
    // in-app: every administrador got a notice, and the store's seller reads one in their notices
    const admins = await count(
      sql`SELECT COUNT(*) AS n FROM notifications WHERE company_id = ${companyId} AND type = 'alert' AND title = 'Poco stock' AND user_id IS NOT NULL`,
    );
    expect(admins).toBeGreaterThanOrEqual(1);
    const seen = await ok(client(await seller()).notifications.returns.$get({ query: {} }));
    const stock = seen.notifications.filter((n) => n.type === "stock" && n.title === "Poco stock");
    // one per crossing at Local Centro so far: the race case's and this one
    expect(stock).toHaveLength(2);
    expect(stock[0]?.message).toMatch(/ en Local Centro: quedan \d+ \(mínimo \d+\)$/);

    // the hub sends it: the row records when, to whom and the binding's message id
    await hub().sendAlerts(companyId);
    const [sent] = await rowsLike(pattern);
    expect(sent?.status).toBe("enviado");
    expect(sent?.attempts).toBe(1);
    expect(JSON.parse(sent?.sent_to ?? "[]")).toEqual(["bodega@demo.horma.co"]);
    expect(sent?.sent_at).toBeTruthy();
    expect(sent?.message_id).toBeTruthy();
    expect(sent?.subject).toMatch(/^Poco stock: .* en Local Centro$/);

    // back above the minimum, then below again: a new crossing, a new message
    await addStock(REF, centro, SIZE, 3);
    await sellOne();
    await sellOne();
    await sellOne();
    expect(await rowsLike(pattern)).toHaveLength(2);

    // the administrador's list shows them
    const list = await ok(client(await admin()).admin.admin["alert-messages"].$get({ query: { kind: "low_stock" } }));
    expect(list.messages.filter((m) => m.event_key.startsWith(`low_stock:${rule.id}:`))).toHaveLength(2);
    expect(list.messages.find((m) => m.status === "enviado")?.status_label).toBe("Enviado");
    await expectError(
      await api(`${P}/admin/admin/alert-messages?status=otro`, { token: await admin() }),
      422,
      /estado no es válido/,
    );
  });

  it("an adjustment that takes stock below the minimum writes one too", async () => {
    const available = await availableAtCentro();
    const rule = await ok(
      client(await admin()).admin.admin["inventory-alerts"].$post({
        json: { location_id: centro, threshold_value: available - 1, product_reference: REF },
      }),
      201,
    );
    const res = await post(`${P}/inventory/adjustments`, await admin(), {
      product_id: await productId(REF),
      location_id: centro,
      size: SIZE,
      unit_kind: "pairs",
      delta: -1,
      reason: "dano",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const rows = await rowsLike(`low_stock:${rule.id}:%`);
    expect(rows).toHaveLength(1);
    // no addresses on the rule: the company's
    expect(JSON.parse(rows[0]?.recipients ?? "[]")).toEqual(COMPANY_EMAILS);
  });
});

describe("the other events", () => {
  it("a till closed with a cash difference above the threshold: one message to the company's addresses", async () => {
    await ok(client(await admin()).admin.admin.settings.$put({ json: { till_alert_threshold: 1000 } }));
    const session = await openTill();
    const res = await post(`${P}/cash-sessions/${session}/close`, await seller(), {
      counted_cash: 50_000,
      note: "Sobrante sin explicar",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await rowsLike(`till_difference:${session}`);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.recipients ?? "[]")).toEqual(COMPANY_EMAILS);
    await hub().sendAlerts(companyId);
    const [sent] = await rowsLike(`till_difference:${session}`);
    expect(sent?.status).toBe("enviado");
    expect(JSON.parse(sent?.sent_to ?? "[]")).toEqual(COMPANY_EMAILS);
    expect(sent?.body).toContain("sobrante de $ 50.000");
  });

  it("a till closed within the threshold writes none", async () => {
    await ok(client(await admin()).admin.admin.settings.$put({ json: { till_alert_threshold: 100_000 } }));
    const session = await openTill();
    await post(`${P}/cash-sessions/${session}/close`, await seller(), { counted_cash: 50_000, note: "Sobrante" });
    expect(await rowsLike(`till_difference:${session}`)).toHaveLength(0);
  });

  it("a reception with differences: one message", async () => {
    await discrepancy();
    const transfer = await count(
      sql`SELECT MAX(transfer_id) AS n FROM stock_discrepancies WHERE company_id = ${companyId}`,
    );
    const rows = await rowsLike(`discrepancy:${transfer}`);
    expect(rows).toHaveLength(1);
    const admins = await count(
      sql`SELECT COUNT(*) AS n FROM notifications WHERE company_id = ${companyId} AND title = 'Recepción con diferencias' AND user_id IS NOT NULL`,
    );
    expect(admins).toBeGreaterThan(0);
  });

  it("a numbering range reaching 90 %: one message, not one per sale after it", async () => {
    const res = await post(`${P}/admin/admin/numbering-ranges`, await admin(), {
      location_id: centro,
      resolution_number: "18764000000999",
      resolution_date: "2026-01-02",
      prefix: "AL",
      range_from: 1,
      range_to: 10,
      valid_from: "2026-01-02",
      valid_until: "2099-01-01",
      document_text: "Resolución AL",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const range = ((await res.json()) as { range: { id: number } }).range.id;
    await addStock(REF, centro, SIZE, 10);
    for (let i = 0; i < 8; i++) await sellOne();
    expect(await rowsLike(`numbering:${range}:90`)).toHaveLength(0);
    await sellOne(); // the 9th number of 10: 90 %
    expect(await rowsLike(`numbering:${range}:90`)).toHaveLength(1);
    await sellOne();
    expect(await rowsLike(`numbering:${range}:90`)).toHaveLength(1);
    const [row] = await rowsLike(`numbering:${range}:90`);
    await hub().sendAlerts(companyId);
    const list = await ok(client(await admin()).admin.admin["alert-messages"].$get({ query: { kind: "numbering" } }));
    expect(list.messages.find((m) => m.id === row?.id)?.subject).toBe(
      "La numeración DIAN AL de Local Centro va en el 90 %",
    );
    // switch the range off again, so later sales of the file are not numbered by it
    await post(`${P}/admin/admin/numbering-ranges/${range}/deactivate`, await admin(), {});
  });
});

describe("sending", () => {
  it("two drains at once send each message once", async () => {
    await db().run(
      sql`INSERT INTO alert_messages (company_id, event_key, kind, facts, recipients)
        VALUES (${companyId}, ${unique("prueba")}, 'discrepancy', json_object('transfer_id', 1, 'location_name', 'Local Centro', 'summary', 'Prueba'), ${JSON.stringify(COMPANY_EMAILS)}),
               (${companyId}, ${unique("prueba")}, 'discrepancy', json_object('transfer_id', 2, 'location_name', 'Local Centro', 'summary', 'Prueba'), ${JSON.stringify(COMPANY_EMAILS)})`,
    );
    const pending = await count(
      sql`SELECT COUNT(*) AS n FROM alert_messages WHERE company_id = ${companyId} AND status = 'pendiente'`,
    );
    expect(pending).toBeGreaterThanOrEqual(2);
    // the binding, counted at its boundary
    let sends = 0;
    const counted = {
      send: (message: Parameters<SendEmail["send"]>[0]) => {
        sends++;
        return env.ALERT_EMAIL.send(message as EmailMessage);
      },
    } as SendEmail;
    const sender = { transport: bindingTransport(counted), from: env.ALERT_SENDER, fromName: "Horma" };
    const [a, b] = await Promise.all([sendDueAlerts(db(), companyId, sender), sendDueAlerts(db(), companyId, sender)]);
    expect(a.sent + b.sent).toBe(pending);
    expect(sends).toBe(pending * COMPANY_EMAILS.length);
    expect(
      await count(
        sql`SELECT COUNT(*) AS n FROM alert_messages WHERE company_id = ${companyId} AND status = 'pendiente'`,
      ),
    ).toBe(0);
  });

  it("a message without any address fails at once instead of retrying", async () => {
    const key = unique("sin-destino");
    await db().run(
      sql`INSERT INTO alert_messages (company_id, event_key, kind, facts, recipients)
        VALUES (${companyId}, ${key}, 'discrepancy', json_object('transfer_id', 1, 'location_name', 'Local Centro', 'summary', 'Prueba'), '[]')`,
    );
    await hub().sendAlerts(companyId);
    const [row] = await rowsLike(key);
    expect(row?.status).toBe("fallido");
  });

  it("records each recipient right after its send: a drain that dies mid-way re-sends to nobody recorded", async () => {
    const key = unique("por-destinatario");
    await db().run(
      sql`INSERT INTO alert_messages (company_id, event_key, kind, facts, recipients)
        VALUES (${companyId}, ${key}, 'discrepancy', json_object('transfer_id', 1, 'location_name', 'Local Centro', 'summary', 'Prueba'), ${JSON.stringify(COMPANY_EMAILS)})`,
    );
    const [row] = await rowsLike(key);
    const mine = (messageId: string) => messageId.startsWith(`alerta-${row?.id}.`);
    // what the row says it was sent to when each of its sends starts; the second one fails
    const seen: [string, string[]][] = [];
    const dying: AlertTransport = async (email, to) => {
      if (mine(email.messageId)) {
        const [now] = await rowsLike(key);
        seen.push([to, JSON.parse(now?.sent_to ?? "[]") as string[]]);
        if (to === COMPANY_EMAILS[1]) throw new Error("el proceso murió");
      }
      return { messageId: `<${to}>` };
    };
    const sender = (transport: AlertTransport) => ({ transport, from: env.ALERT_SENDER, fromName: "Horma" });
    await sendDueAlerts(db(), companyId, sender(dying));
    expect(seen).toEqual([
      [COMPANY_EMAILS[0], []],
      [COMPANY_EMAILS[1], [COMPANY_EMAILS[0]]],
    ]);
    const [failed] = await rowsLike(key);
    expect(failed?.status).toBe("pendiente");
    expect(JSON.parse(failed?.sent_to ?? "[]")).toEqual([COMPANY_EMAILS[0]]);
    // the retry (its time come) sends only to the one not recorded, under the same Message-ID
    await db().run(sql`UPDATE alert_messages SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE id = ${row?.id}`);
    const retried: string[] = [];
    await sendDueAlerts(
      db(),
      companyId,
      sender(async (email, to) => {
        if (mine(email.messageId)) retried.push(to);
        return { messageId: `<${to}>` };
      }),
    );
    expect(retried).toEqual([COMPANY_EMAILS[1]]);
    const [sent] = await rowsLike(key);
    expect(sent?.status).toBe("enviado");
    expect(JSON.parse(sent?.sent_to ?? "[]")).toEqual(COMPANY_EMAILS);
  });
});

describe("the daily digest", () => {
  it("holds the day's events and sends them in one message, once however many times the job runs", async () => {
    await setEmails({ daily_digest: true });
    const session = await openTill();
    await ok(client(await admin()).admin.admin.settings.$put({ json: { till_alert_threshold: 1000 } }));
    await post(`${P}/cash-sessions/${session}/close`, await seller(), { counted_cash: 70_000, note: "Sobrante" });
    const [held] = await rowsLike(`till_difference:${session}`);
    expect(held?.status).toBe("en_resumen");
    await hub().sendAlerts(companyId);
    expect((await rowsLike(`till_difference:${session}`))[0]?.status).toBe("en_resumen");

    const at = new Date(Date.now() + 60_000);
    await Promise.all([dailyAlerts(db(), at), dailyAlerts(db(), at)]);
    await dailyAlerts(db(), at);
    const digests = await rowsLike("digest:%");
    expect(digests).toHaveLength(1);
    const [carried] = await rowsLike(`till_difference:${session}`);
    expect(carried?.status).toBe("resumido");
    expect(digests[0]?.subject).toMatch(/^Resumen diario de alertas del .*: 1 alerta$/);
    await hub().sendAlerts(companyId);
    const [sent] = await rowsLike("digest:%");
    expect(sent?.status).toBe("enviado");
    expect(JSON.parse(sent?.sent_to ?? "[]")).toEqual(COMPANY_EMAILS);
    await setEmails({ daily_digest: false });
  });
});

/** A till of Local Centro closed 70.000 above its expected cash, with the digest on: its event is held. */
async function heldEvent(): Promise<number> {
  await setEmails({ daily_digest: true, notification_emails: COMPANY_EMAILS });
  await ok(client(await admin()).admin.admin.settings.$put({ json: { till_alert_threshold: 1000 } }));
  const session = await openTill();
  await post(`${P}/cash-sessions/${session}/close`, await seller(), { counted_cash: 70_000, note: "Sobrante" });
  const [held] = await rowsLike(`till_difference:${session}`);
  expect(held?.status).toBe("en_resumen");
  return held?.id ?? 0;
}

const rowById = async (id: number) =>
  (
    await db().all<Row & { digest_key: string | null; included: string | null }>(
      sql`SELECT * FROM alert_messages WHERE id = ${id}`,
    )
  )[0];

describe("the digest switched off while the midnight digest runs", () => {
  it("switched off between the digest's read and its write: the event goes alone, the digest is not written", async () => {
    const event = await heldEvent();
    // the digest reads the held events, then the administrador switches the digest off, then it writes
    const real = db();
    let switched = false;
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === "batch")
          return async (items: Parameters<Db["batch"]>[0]) => {
            if (!switched) {
              switched = true;
              await setEmails({ daily_digest: false });
            }
            return target.batch(items);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const day = `2031-01-${String(10 + (nextSeq() % 18)).padStart(2, "0")}`;
    expect(await composeDigest(racing, companyId, day, new Date(Date.now() + 60_000))).toBeNull();
    expect(switched).toBe(true);
    expect(await rowsLike(`digest:${day}`)).toHaveLength(0);
    expect((await rowById(event))?.status).toBe("pendiente");
    await hub().sendAlerts(companyId);
    const sent = await rowById(event);
    expect(sent?.status).toBe("enviado");
    expect(sent?.digest_key).toBeNull();
  });

  it("the switch and the digest at once, three times: each held event is sent exactly once", async () => {
    for (let round = 0; round < 3; round++) {
      const event = await heldEvent();
      const day = `2032-02-${String(10 + round).padStart(2, "0")}`;
      const until = new Date(Date.now() + 60_000);
      await Promise.all([setEmails({ daily_digest: false }), composeDigest(db(), companyId, day, until)]);
      await hub().sendAlerts(companyId);
      const digests = await rowsLike(`digest:${day}`);
      const carried = digests.flatMap((d) => JSON.parse((d as Row & { included: string }).included) as number[]);
      const after = await rowById(event);
      if (after?.status === "resumido") {
        // in the digest only: listed once, never sent alone
        expect(carried).toContain(event);
        expect(after.sent_at).toBeNull();
        expect(digests[0]?.status).toBe("enviado");
      } else {
        // sent alone only: no digest lists it
        expect(after?.status).toBe("enviado");
        expect(carried).not.toContain(event);
      }
    }
  });
});

describe("other writes that take units out of what is available", () => {
  beforeAll(async () => {
    await setEmails({ daily_digest: false, notification_emails: COMPANY_EMAILS });
    await db().run(sql`UPDATE inventory_alerts SET is_active = 0 WHERE company_id = ${companyId}`);
  });
  afterEach(async () => {
    await db().run(sql`UPDATE inventory_alerts SET is_active = 0 WHERE company_id = ${companyId}`);
  });

  /** Available units of REF at a location (pairs − reserved + exhibition, every size). */
  const availableAt = (locationId: number) =>
    count(sql`SELECT COALESCE(SUM(i.pairs - i.reserved_pairs + i.exhibition), 0) AS n FROM inventory i
      JOIN products p ON p.id = i.product_id WHERE p.reference_code = ${REF} AND i.location_id = ${locationId}`);
  /** A rule for REF at the location whose minimum is `below` units under what it has now. */
  const ruleBelow = async (locationId: number, below: number) =>
    ok(
      client(await admin()).admin.admin["inventory-alerts"].$post({
        json: {
          location_id: locationId,
          threshold_value: (await availableAt(locationId)) - below,
          product_reference: REF,
        },
      }),
      201,
    );
  /** The location's in-app low stock notices (its sellers' or keepers'). */
  const stockNotices = (locationId: number) =>
    count(
      sql`SELECT COUNT(*) AS n FROM notifications WHERE company_id = ${companyId} AND location_id = ${locationId}
        AND type = 'stock' AND title = 'Poco stock'`,
    );
  const replayed = (res: Response) => expect(res.headers.get("Idempotent-Replayed")).toBe("true");

  it("a transfer accepted at its source reserves pairs below the minimum: one message, not again", async () => {
    const accept = async (id: number, key = unique("aceptar")) =>
      post(
        `${P}/warehouse/accept-request`,
        await keeper(),
        { transfer_request_id: id, accepted: true },
        {
          "Idempotency-Key": key,
        },
      );
    const first = await transferAt("pending");
    const second = await transferAt("pending");
    const rule = await ruleBelow(principal, 1);
    const notices = await stockNotices(principal);
    const key = unique("aceptar");
    const res = await accept(first, key);
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await rowsLike(`low_stock:${rule.id}:%`);
    expect(rows.map((r) => r.event_key)).toEqual([expect.stringMatching(new RegExp(`:reserva:${first}:\\d{4}-`))]);
    expect(JSON.parse(rows[0]?.recipients ?? "[]")).toEqual(COMPANY_EMAILS);
    expect(await stockNotices(principal)).toBe(notices + 1);
    replayed(await accept(first, key));
    // another acceptance while still below the minimum: no new crossing
    expect((await accept(second)).status).toBe(200);
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
    expect(await stockNotices(principal)).toBe(notices + 1);
    // both reservations lapse (the hub's alarm frees them: back above the minimum, no ledger movement), and
    // the first transfer accepted again crosses again: a new message, its key naming this acceptance
    await db().run(
      sql`UPDATE transfer_requests SET reserved_until = ${new Date(Date.now() - 1000).toISOString()}
        WHERE id IN (${first}, ${second})`,
    );
    expect(await runDurableObjectAlarm(hub())).toBe(true);
    expect(
      await count(
        sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE id IN (${first}, ${second}) AND status = 'pending'`,
      ),
    ).toBe(2);
    expect((await accept(first)).status).toBe(200);
    const again = await rowsLike(`low_stock:${rule.id}:%`);
    expect(again).toHaveLength(2);
    expect(new Set(again.map((r) => r.event_key)).size).toBe(2);
    expect(await stockNotices(principal)).toBe(notices + 2);
  });

  it("a restock order whose lines together cross the minimum: one message for the order", async () => {
    await addStock(REF, principal, "45", 2);
    const order = async () => {
      const res = await post(`${P}/transfer-orders`, await admin(), {
        source_location_id: principal,
        destination_location_id: centro,
        pickup_type: "corredor",
        lines: [
          { sneaker_reference_code: REF, size: SIZE, quantity: 1 },
          { sneaker_reference_code: REF, size: "45", quantity: 1 },
        ],
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { order: { id: number; lines: { id: number }[] } }).order;
    };
    const accept = async (id: number, key = unique("pedido")) =>
      post(`${P}/transfer-orders/${id}/actions`, await keeper(), { action: "accept" }, { "Idempotency-Key": key });
    const first = await order();
    const second = await order();
    // neither line alone goes past the minimum; both do
    const rule = await ruleBelow(principal, 2);
    const notices = await stockNotices(principal);
    const key = unique("pedido");
    const res = await accept(first.id, key);
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await rowsLike(`low_stock:${rule.id}:%`);
    expect(rows.map((r) => r.event_key)).toEqual([
      expect.stringMatching(new RegExp(`:reserva:${first.lines[1]?.id}:\\d{4}-`)),
    ]);
    expect(await stockNotices(principal)).toBe(notices + 1);
    replayed(await accept(first.id, key));
    expect((await accept(second.id)).status).toBe(200);
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
  });

  it("a storefront reservation holding pairs below the minimum: one message, not again", async () => {
    const product = await publishedProduct();
    const size = `AL${nextSeq()}`;
    await addStock(REF, centro, size, 3);
    const rule = await ruleBelow(centro, 1);
    const notices = await stockNotices(centro);
    const reserve = (phone: string, key: string) =>
      api(`${P}/public/reservations`, {
        method: "POST",
        json: { location_id: centro, name: "Compradora", phone, items: [{ product_id: product, size, quantity: 1 }] },
        headers: { "Idempotency-Key": key },
      });
    const key = unique("reserva-web");
    const res = await reserve("3201234567", key);
    expect(res.status, await res.clone().text()).toBe(201);
    const code = ((await res.json()) as { reservation: { code: string } }).reservation.code;
    const rows = await rowsLike(`low_stock:${rule.id}:%`);
    expect(rows.map((r) => r.event_key)).toEqual([expect.stringMatching(new RegExp(`:web:${code}$`))]);
    expect(await stockNotices(centro)).toBe(notices + 1);
    replayed(await reserve("3201234567", key));
    expect((await reserve("3207654321", unique("reserva-web"))).status).toBe(201);
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
    expect(await stockNotices(centro)).toBe(notices + 1);
  });

  it("a posted count that finds fewer pairs than the ledger: one message, not again", async () => {
    const counts = client(await admin()).inventory.counts;
    const pairsHeld = () =>
      count(sql`SELECT i.pairs AS n FROM inventory i JOIN products p ON p.id = i.product_id
        WHERE p.reference_code = ${REF} AND i.location_id = ${centro} AND i.size = ${SIZE}`);
    /** An open count of Local Centro that finds one pair of REF fewer than the ledger. */
    const countOneShort = async () => {
      await closeCounts(centro);
      const id = (await ok(counts.$post({ json: { location_id: centro } }), 201)).count.id;
      await ok(
        counts[":id"].lines.$put({
          param: { id: String(id) },
          json: { code: REF, size: SIZE, pairs: (await pairsHeld()) - 1 },
        }),
      );
      return id;
    };
    await addStock(REF, centro, SIZE, 2);
    const first = await countOneShort();
    const rule = await ruleBelow(centro, 1);
    const notices = await stockNotices(centro);
    const postCount = async (id: number, key = unique("conteo")) =>
      post(`${P}/inventory/counts/${id}/post`, await admin(), undefined, { "Idempotency-Key": key });
    const key = unique("conteo");
    const res = await postCount(first, key);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
    expect(await stockNotices(centro)).toBe(notices + 1);
    replayed(await postCount(first, key));
    expect((await postCount(await countOneShort())).status).toBe(200);
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
    expect(await stockNotices(centro)).toBe(notices + 1);
  });

  it("a sale of the pairs a transfer brought: one message, not again", async () => {
    const first = await transferAt("completed");
    const second = await transferAt("completed");
    const rule = await ruleBelow(centro, 1);
    const notices = await stockNotices(centro);
    const sell = async (transferId: number, key = unique("venta-traslado")) =>
      post(
        `${P}/sales/create-from-transfer`,
        await seller(),
        {
          transfer_id: transferId,
          total_amount: PRICE,
          payment_methods: [{ payment_type: "efectivo", amount: PRICE }],
        },
        { "Idempotency-Key": key },
      );
    const key = unique("venta-traslado");
    const res = await sell(first, key);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
    expect(await stockNotices(centro)).toBe(notices + 1);
    replayed(await sell(first, key));
    expect((await sell(second)).status).toBe(201);
    expect(await rowsLike(`low_stock:${rule.id}:%`)).toHaveLength(1);
    expect(await stockNotices(centro)).toBe(notices + 1);
  });
});
