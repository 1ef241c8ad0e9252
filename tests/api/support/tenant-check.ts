// How the tenant-isolation suites check an answer (nothing of company A in it, nothing of A changed), the
// cases they generate from a context's table, and what company A does while company B looks.
import { env } from "cloudflare:workers";
import { inArray, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { transferRequests } from "../../../worker/db/schema";
import { api, DEMO, db, form, login } from "./helpers";
import { companySnapshot } from "./snapshot";
import {
  A,
  A_IDS,
  A_MARKERS,
  ACTORS,
  actorsFor,
  B,
  casesOf,
  type Entity,
  type Entry,
  KEY_ENTITY,
  P,
  post,
  webm,
} from "./tenant-cases";
import { setUpCompanyA } from "./tenant-company-a";
import { asA, collectA, send, setUpCompanyB, tokenOf } from "./tenant-setup";

// ---------------------------------------------------------------- checking an answer

/**
 * `key=value` of every number in the answer that is one of A's ids of the table the key names. A plain
 * `id` is of the case's entity only in the answer's list items (root[i] or root.list[i]); nested objects
 * (a transfer's locations) have their own keys.
 */
export function leakedIds(value: unknown, entity: Entity | undefined, path = "", listItem = false): string[] {
  if (Array.isArray(value)) {
    const top = path.split(".").length <= 2 && !path.includes("[");
    return value.flatMap((v, i) => leakedIds(v, entity, `${path}[${i}]`, top));
  }
  if (!value || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const table = key === "id" ? (listItem ? entity : undefined) : KEY_ENTITY[key];
    const numbers = typeof v === "number" ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === "number") : [];
    if (table) for (const n of numbers) if (A_IDS[table].has(n)) out.push(`${path}.${key}=${n} (${table} de A)`);
    if (v && typeof v === "object") out.push(...leakedIds(v, entity, `${path}.${key}`));
  }
  return out;
}

export function leakedMarkers(text: string, request: string): string[] {
  return A_MARKERS.filter((m) => text.includes(m) && !request.includes(m));
}

/** An answer without what changes by itself from one call to the next (clocks, latencies, request ids). */
export function stable(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value === "string") return value.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:[\d.]+Z/g, "<instante>");
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        // elapsed times tick while the test runs (a minute can pass between the two reads)
        /(_ms|latency|processing_time|timestamp|time_elapsed|time_elapsed_minutes|time_since_\w+)$/i.test(k)
          ? "<medida>"
          : clean(v),
      ]),
    );
  };
  return JSON.stringify(clean(body));
}

/** Company A sells, spends, moves stock, requests and accepts transfers, adds staff, places and products. */
export async function companyAMoves() {
  const webmFile = () => new File([webm()], "otro.webm", { type: "video/webm" });
  await asA(DEMO.seller, {
    method: "POST",
    path: `${P}/sales/create`,
    json: {
      items: [{ sneaker_reference_code: A.productRef, size: "40", quantity: 1, unit_price: 250000 }],
      payment_methods: [{ payment_type: "efectivo", amount: 250000 }],
      total_amount: 250000,
    },
  });
  await asA(DEMO.seller, post(`${P}/expenses/create`, { concept: "Otro gasto", amount: 55_000 }));
  await asA(DEMO.seller, post(`${P}/discounts/request`, { amount: 9000, reason: "Otro descuento" }));
  await asA(
    DEMO.seller,
    post(`${P}/transfers/request`, {
      source_location_id: A.principal,
      sneaker_reference_code: A.productRef,
      size: "40",
    }),
  );
  await asA(DEMO.bodeguero, post(`${P}/warehouse/accept-request`, { transfer_request_id: A.transfers.pending }));
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/costs`, {
      location_id: A.centro,
      cost_type: "servicios",
      description: "Otro costo",
      amount: 80_000,
      frequency: "mensual",
    }),
  );
  await asA(DEMO.administrador, {
    method: "POST",
    path: `${P}/admin/admin/inventory/video-entry-distributed`,
    form: () =>
      form({
        product_brand: "Puma",
        product_model: "Suede",
        unit_price: "320000",
        video_file: webmFile(),
        sizes_distribution_json: JSON.stringify([{ size: "41", pairs: [{ location_id: A.principal, quantity: 9 }] }]),
      }),
  });
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/users`, {
      email: "otro.corredor@demo.horma.co",
      password: "secreto1",
      first_name: "Otro",
      last_name: "Corredor",
      role: "corredor",
    }),
  );
  await asA(
    DEMO.administrador,
    post(`${P}/mayoreo/ventas/registrar`, { mayoreo_id: A.wholesale, cantidad_cajas_vendidas: 1 }),
  );
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/inventory-alerts`, { location_id: A.principal, threshold_value: 99 }),
  );
  await asA(DEMO.boss, post(`${P}/boss/boss/locations`, { name: "Local Norte", type: "local" }));
}

/** Both companies' objects, company A's ids and markers, and every actor's token: each suite's beforeAll. */
export async function setUpTenants() {
  await setUpCompanyB();
  await setUpCompanyA();
  await collectA();
  // first logins write last_login_at: every token is taken before the first snapshot
  for (const actor of ACTORS) await tokenOf(actor);
}

/** Each case of a context's table, run as every company-B role its route allows. */
export function describeTenantCases(routes: Record<string, Entry>) {
  it.each(casesOf(routes))("$label", { timeout: 60_000 }, async ({ route, case: c }) => {
    const before = await companySnapshot(A.id);
    const failures: string[] = [];
    const actors = actorsFor(route);
    for (const actor of actors) {
      const req = c.req(actor);
      const res = await send(await tokenOf(actor), req, actor === "superuser" ? B.id : null);
      const text = await res.text();
      const allowed = c.statusFor?.[actor] ?? c.status ?? [404];
      const label = `${actor}: ${req.method ?? "GET"} ${req.path} → ${res.status}`;
      if (!allowed.includes(res.status))
        failures.push(`${label} (se esperaba ${allowed.join("/")}): ${text.slice(0, 300)}`);
      const request = `${req.path} ${JSON.stringify(req.json ?? "")}`;
      const markers = leakedMarkers(text, request);
      if (markers.length) failures.push(`${label} muestra datos de A: ${markers.join(", ")}`);
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        if (res.status !== 404 && !c.file) failures.push(`${label}: la respuesta no es JSON`);
      }
      const ids = leakedIds(body, c.entity);
      if (ids.length) failures.push(`${label} muestra ids de A: ${ids.slice(0, 5).join(", ")}`);
    }
    const after = await companySnapshot(A.id);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (changed.length) failures.push(`cambió lo de A en: ${changed.join(", ")}`);
    expect(failures).toEqual([]);
  });
}

/** Company A's own objects still work after company B's attempts (each suite's afterAll, and a case). */
export async function companyAStillWorks() {
  // the video upload company B tried to write, complete and abort is still open for A
  const token = await login(DEMO.administrador);
  const part = await api(
    `${P}/admin/admin/inventory/video-uploads/parts?key=${encodeURIComponent(A.upload.key)}&upload_id=${encodeURIComponent(A.upload.upload_id)}&part_number=1`,
    { method: "PUT", token, body: webm(), headers: { "Content-Type": "application/octet-stream" } },
  );
  expect(part.status).toBe(200);
  await part.body?.cancel();
  // A's files are still there and served to A
  for (const key of Object.values(A.files)) {
    expect(await env.FILES.head(key), key).not.toBeNull();
    const res = await api(`${P}/files/${key}`, { token });
    expect(res.status, key).toBe(200);
    await res.body?.cancel();
  }
  const [sale] = await db().all<{ status: string; confirmed: number }>(
    sql`SELECT status, confirmed FROM sales WHERE id = ${A.sale}`,
  );
  expect(sale).toEqual({ status: "completed", confirmed: 0 });
  const open = await db()
    .select({ id: transferRequests.id, status: transferRequests.status })
    .from(transferRequests)
    .where(inArray(transferRequests.id, [A.transfers.inTransit, A.returns.delivered]));
  expect(open.map((t) => t.status).sort()).toEqual(["delivered", "in_transit"]);
}
