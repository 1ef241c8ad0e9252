// The race cases of the fiscal routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { type Entry, transition } from "../support/race-cases";
import { admin, centro, companyId, count, nextSeq, P, post } from "../support/race-fixtures";

/** A resolution of its own numbers (a new prefix each time), inactive unless asked. */
const resolution = (activate = false) => {
  const n = nextSeq();
  return {
    location_id: centro,
    resolution_number: "18764000000002",
    resolution_date: "2026-01-02",
    prefix: `R${(n % 1000).toString().padStart(3, "0")}`,
    range_from: 1,
    range_to: 100,
    valid_from: "2026-01-02",
    valid_until: "2099-01-01",
    document_text: "Resolución de carrera",
    activate,
  };
};

/** A fresh inactive range of Local Centro. */
async function inactiveRange(): Promise<number> {
  const res = await post(`${P}/admin/admin/numbering-ranges`, await admin(), resolution());
  if (res.status !== 201) throw new Error(`numbering range: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { range: { id: number } }).range.id;
}

export const RACE_ROUTES: Record<string, Entry> = {
  // without a key each call is its own registration of the same resolution: the first registers it, the
  // others overlap it (409)
  "POST /api/v1/admin/admin/numbering-ranges": {
    withoutKey: "once",
    prepare: async () => {
      const body = resolution();
      return {
        send: async (h) => post(`${P}/admin/admin/numbering-ranges`, await admin(), body, h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM numbering_ranges WHERE company_id = ${companyId}`),
      };
    },
  },
  "PATCH /api/v1/admin/admin/numbering-ranges/:id": {
    exempt:
      "sets the text to the value sent: calls racing leave one of the texts sent, as they would one after another",
  },
  "POST /api/v1/admin/admin/numbering-ranges/:id/activate": transition(
    inactiveRange,
    async (id, h) => post(`${P}/admin/admin/numbering-ranges/${id}/activate`, await admin(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM numbering_ranges WHERE id = ${id} AND active = 1`),
  ),
  "POST /api/v1/admin/admin/numbering-ranges/:id/deactivate": transition(
    async () => {
      const id = await inactiveRange();
      const res = await post(`${P}/admin/admin/numbering-ranges/${id}/activate`, await admin(), {});
      if (res.status !== 200) throw new Error(`activate: ${res.status}`);
      return id;
    },
    async (id, h) => post(`${P}/admin/admin/numbering-ranges/${id}/deactivate`, await admin(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM numbering_ranges WHERE id = ${id} AND active = 0`),
  ),
  "PUT /api/v1/admin/admin/fiscal-settings": {
    exempt: "writes the company's one settings row whole: calls racing leave one of the bodies sent, as in turn",
  },
  "POST /api/v1/admin/admin/electronic-documents/:id/resend": transition(
    rejectedDocument,
    async (id, h) => post(`${P}/admin/admin/electronic-documents/${id}/resend`, await admin(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM electronic_documents WHERE id = ${id} AND status = 'pendiente'`),
  ),
};

/** A rejected electronic document of one of the company's sales (its own row: one per sale and kind). */
async function rejectedDocument(): Promise<number> {
  const saleId = await count(
    sql`SELECT s.id AS n FROM sales s WHERE s.company_id = ${companyId}
      AND NOT EXISTS (SELECT 1 FROM electronic_documents d WHERE d.sale_id = s.id) ORDER BY s.id LIMIT 1`,
  );
  return count(sql`INSERT INTO electronic_documents (company_id, kind, sale_id, number, status, reason)
    VALUES (${companyId}, 'pos', ${saleId}, ${`RACE${saleId}`}, 'rechazado', 'Prueba') RETURNING id AS n`);
}
