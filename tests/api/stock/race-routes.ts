// The race cases of the stock routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { stockChangeStatements } from "../../../worker/domain/stock/ledger";
import { api, db, form, jpeg } from "../support/helpers";
import { create, type Entry, transition } from "../support/race-cases";
import {
  addStock,
  admin,
  centro,
  chapinero,
  closeCounts,
  companyId,
  count,
  countWithLine,
  discrepancy,
  nextSeq,
  P,
  post,
  principal,
  productIdOf,
  REF,
  SIZE,
  webm,
} from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/inventory/adjustments": create(
    async (h) =>
      post(
        `${P}/inventory/adjustments`,
        await admin(),
        {
          product_id: await productIdOf(REF),
          location_id: principal,
          size: SIZE,
          unit_kind: "left",
          delta: 1,
          reason: "encontrado",
        },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM stock_adjustments WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/inventory/pairs/merge": transition(
    // a left and a right foot stored apart at a size of their own (the way data before pairing was kept)
    async () => {
      const n = nextSeq();
      const [ensure, apply, ledger] = stockChangeStatements(db(), {
        companyId,
        productId: await productIdOf(REF),
        locationId: principal,
        size: `M${n}`,
        delta: { left: 1, right: 1 },
        reason: "adjustment",
      });
      await db().batch([ensure, apply, ledger]);
      return n;
    },
    async (n, h) =>
      post(
        `${P}/inventory/pairs/merge`,
        await admin(),
        { product_id: await productIdOf(REF), location_id: principal, size: `M${n}` },
        h,
      ),
    (n) => count(sql`SELECT COUNT(*) AS n FROM stock_movements WHERE size = ${`M${n}`} AND reason = 'pair_formed'`),
  ),
  "POST /api/v1/inventory/pairs/split": transition(
    // the last pair of a size of its own: one split takes it
    async () => {
      const n = nextSeq();
      await addStock(REF, principal, `S${n}`, 1);
      return n;
    },
    async (n, h) =>
      post(
        `${P}/inventory/pairs/split`,
        await admin(),
        {
          product_id: await productIdOf(REF),
          location_id: principal,
          size: `S${n}`,
          write_off: "left",
          reason: "dano",
        },
        h,
      ),
    (n) => count(sql`SELECT COUNT(*) AS n FROM stock_movements WHERE size = ${`S${n}`} AND reason = 'pair_split'`),
  ),
  // a location has one open count (a partial UNIQUE index): of ten opens at once, one wins
  "POST /api/v1/inventory/counts": {
    withoutKey: "once",
    prepare: async () => {
      await closeCounts(chapinero);
      return {
        send: async (h) => post(`${P}/inventory/counts`, await admin(), { location_id: chapinero }, h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM stock_counts WHERE location_id = ${chapinero}`),
      };
    },
  },
  "PUT /api/v1/inventory/counts/:id/lines": {
    exempt:
      "sets the line of a product and size to the quantities given (upsert on UNIQUE(count, product, size)): ten identical calls leave one line; a line racing the posting: tests/api/stock/stock-counts.test.ts",
  },
  "DELETE /api/v1/inventory/counts/:id/lines/:lineId": {
    exempt: "deletes one line of an open count; a repeat finds nothing to delete (404)",
  },
  // posting flips open → posted in the batch of its adjustments: it happens once
  "POST /api/v1/inventory/counts/:id/post": transition(
    () => countWithLine(),
    async (id, h) => post(`${P}/inventory/counts/${id}/post`, await admin(), undefined, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM stock_adjustments WHERE notes = ${`Conteo #${id}`}`),
  ),
  "POST /api/v1/inventory/counts/:id/cancel": transition(
    () => countWithLine(),
    async (id, h) => post(`${P}/inventory/counts/${id}/cancel`, await admin(), undefined, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM stock_counts WHERE id = ${id} AND status = 'cancelled'`),
  ),
  "POST /api/v1/admin/admin/discrepancies/:id/resolve": transition(
    () => discrepancy(),
    async (id, h) =>
      post(
        `${P}/admin/admin/discrepancies/${id}/resolve`,
        await admin(),
        { resolution: "found", reason: "Apareció" },
        h,
      ),
    (id) =>
      count(
        sql`SELECT COUNT(*) AS n FROM stock_movements m JOIN stock_discrepancies d ON d.transfer_id = m.transfer_id WHERE d.id = ${id} AND m.reason = 'discrepancy_found'`,
      ),
  ),
  "POST /api/v1/admin/admin/inventory-alerts": create(
    async (h) =>
      post(`${P}/admin/admin/inventory-alerts`, await admin(), { location_id: centro, threshold_value: 3 }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM inventory_alerts WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/admin/admin/inventory/video-entry-distributed": create(
    async (h) =>
      api(`${P}/admin/admin/inventory/video-entry-distributed`, {
        method: "POST",
        token: await admin(),
        headers: h,
        body: form({
          product_brand: "Carrera",
          product_model: "Modelo Único",
          unit_price: "199900",
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: principal, quantity: 2 }] }]),
          video_file: webm(),
          reference_image: jpeg(),
        }),
      }),
    () =>
      count(
        sql`SELECT COALESCE(SUM(delta_pairs), 0) / 2 AS n FROM stock_movements WHERE reason = 'entry' AND company_id = ${companyId}`,
      ),
  ),
  "POST /api/v1/admin/admin/inventory/video-uploads": {
    exempt: "opens an R2 multipart upload session; an unused session expires in R2 and stores nothing",
  },
  "PUT /api/v1/admin/admin/inventory/video-uploads/parts": {
    exempt: "R2 keeps one part per number: sending a part again replaces it",
  },
  "POST /api/v1/admin/admin/inventory/video-uploads/complete": {
    exempt: "R2 completes an upload once; a second completion of the same id fails and writes nothing",
  },
  "DELETE /api/v1/admin/admin/inventory/video-uploads": {
    exempt: "aborting an aborted R2 upload changes nothing",
  },
};
