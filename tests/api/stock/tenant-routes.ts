// Tenant isolation of the stock routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { form } from "../support/helpers";
import { A, B, CREATED, type Entry, foreign, get, OK, P, post, scoped, webm } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  "GET /api/v1/admin/admin/discrepancies": [
    scoped(
      "lists its receptions' discrepancies",
      () => get(`${P}/admin/admin/discrepancies?status=all`),
      OK,
      "stock_discrepancies",
    ),
  ],
  "POST /api/v1/admin/admin/discrepancies/:id/resolve": [
    foreign("resolves an A discrepancy", () =>
      post(`${P}/admin/admin/discrepancies/${A.discrepancy}/resolve`, { resolution: "found", reason: "apareció" }),
    ),
  ],
  "POST /api/v1/admin/admin/inventory/video-entry-distributed": [
    foreign("registers a product with an A video", () => ({
      method: "POST",
      path: `${P}/admin/admin/inventory/video-entry-distributed`,
      form: () =>
        form({
          product_brand: "Intrusa",
          product_model: "Robada",
          unit_price: "1000",
          video_key: A.files.productVideo,
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: B.store, quantity: 1 }] }]),
        }),
    })),
    foreign("puts stock at an A location", () => ({
      method: "POST",
      path: `${P}/admin/admin/inventory/video-entry-distributed`,
      form: () =>
        form({
          product_brand: "Intrusa",
          product_model: "Regalada",
          unit_price: "1000",
          video_file: new File([webm()], "v.webm", { type: "video/webm" }),
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: A.centro, quantity: 5 }] }]),
        }),
    })),
    // the entry from a purchase order receives A's order: the order is unknown to B
    foreign("receives an A purchase order by video", () => ({
      method: "POST",
      path: `${P}/admin/admin/inventory/video-entry-distributed`,
      form: () =>
        form({
          product_brand: "Intrusa",
          product_model: "Recibida",
          unit_price: "1000",
          purchase_order_id: String(A.purchaseOrder),
          product_id: String(A.product),
          video_file: new File([webm()], "v.webm", { type: "video/webm" }),
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: A.principal, quantity: 1 }] }]),
        }),
    })),
  ],
  "POST /api/v1/admin/admin/inventory/video-uploads": [
    scoped(
      "starts its own video upload",
      () => post(`${P}/admin/admin/inventory/video-uploads`, { content_type: "video/webm", size: 4096 }),
      CREATED,
    ),
  ],
  "PUT /api/v1/admin/admin/inventory/video-uploads/parts": [
    foreign("writes a part into an A upload", () => ({
      method: "PUT",
      path: `${P}/admin/admin/inventory/video-uploads/parts?key=${encodeURIComponent(A.upload.key)}&upload_id=${encodeURIComponent(A.upload.upload_id)}&part_number=1`,
      raw: webm(),
    })),
  ],
  "POST /api/v1/admin/admin/inventory/video-uploads/complete": [
    foreign("completes an A upload", () =>
      post(`${P}/admin/admin/inventory/video-uploads/complete`, {
        ...A.upload,
        parts: [{ part_number: 1, etag: "x" }],
      }),
    ),
  ],
  "DELETE /api/v1/admin/admin/inventory/video-uploads": [
    foreign("aborts an A upload", () => ({
      method: "DELETE",
      path: `${P}/admin/admin/inventory/video-uploads?key=${encodeURIComponent(A.upload.key)}&upload_id=${encodeURIComponent(A.upload.upload_id)}`,
    })),
  ],
  "POST /api/v1/admin/admin/inventory-alerts": [
    foreign("sets an alert on an A location", () =>
      post(`${P}/admin/admin/inventory-alerts`, { location_id: A.centro, threshold_value: 5 }),
    ),
  ],
  "GET /api/v1/admin/admin/inventory-alerts": [
    scoped("lists its alerts", () => get(`${P}/admin/admin/inventory-alerts`), OK, "inventory_alerts"),
  ],
  // inventory
  "GET /api/v1/inventory/warehouse-keeper/inventory/all": [
    scoped("lists its stock", () => get(`${P}/inventory/warehouse-keeper/inventory/all`)),
    foreign("lists the stock of an A location", () =>
      get(`${P}/inventory/warehouse-keeper/inventory/all?location_id=${A.centro}`),
    ),
  ],

  "POST /api/v1/inventory/adjustments": [
    foreign("adjusts an A product at its own warehouse", () =>
      post(`${P}/inventory/adjustments`, {
        product_id: A.product,
        location_id: B.warehouse,
        size: "40",
        unit_kind: "pairs",
        delta: 5,
        reason: "encontrado",
      }),
    ),
    foreign("adjusts stock at an A location", () =>
      post(`${P}/inventory/adjustments`, {
        product_id: A.product,
        location_id: A.centro,
        size: "40",
        unit_kind: "pairs",
        delta: -1,
        reason: "perdida_robo",
      }),
    ),
  ],
  "POST /api/v1/inventory/pairs/merge": [
    foreign("merges feet of an A product", () =>
      post(`${P}/inventory/pairs/merge`, { product_id: A.product, location_id: B.warehouse, size: "40" }),
    ),
    foreign("merges feet at an A location", () =>
      post(`${P}/inventory/pairs/merge`, { product_id: A.product, location_id: A.centro, size: "40" }),
    ),
  ],
  "POST /api/v1/inventory/pairs/split": [
    foreign("splits a pair of an A product", () =>
      post(`${P}/inventory/pairs/split`, {
        product_id: A.product,
        location_id: B.warehouse,
        size: "40",
        write_off: "left",
        reason: "dano",
      }),
    ),
    foreign("splits a pair at an A location", () =>
      post(`${P}/inventory/pairs/split`, {
        product_id: A.product,
        location_id: A.centro,
        size: "40",
        write_off: "right",
        reason: "perdida_robo",
      }),
    ),
  ],
  "GET /api/v1/inventory/adjustments": [
    scoped("reports its adjustments", () => get(`${P}/inventory/adjustments`)),
    scoped("filters its adjustments by an A location", () => get(`${P}/inventory/adjustments?location_id=${A.centro}`)),
  ],
  "POST /api/v1/inventory/counts": [
    foreign("opens a count at an A location", () => post(`${P}/inventory/counts`, { location_id: A.centro })),
  ],
  "GET /api/v1/inventory/counts": [
    scoped("lists its counts", () => get(`${P}/inventory/counts`)),
    scoped("filters its counts by an A location", () => get(`${P}/inventory/counts?location_id=${A.centro}`)),
  ],
  "GET /api/v1/inventory/counts/:id": [foreign("reads an A count", () => get(`${P}/inventory/counts/${A.count}`))],
  "GET /api/v1/inventory/counts/:id/variances": [
    foreign("reads an A count's variances", () => get(`${P}/inventory/counts/${A.count}/variances`)),
  ],
  "PUT /api/v1/inventory/counts/:id/lines": [
    foreign("counts a line in an A count", () => ({
      method: "PUT",
      path: `${P}/inventory/counts/${A.count}/lines`,
      json: { code: A.productRef, size: "40", pairs: 9 },
    })),
    foreign("counts an A product in its own count", () => ({
      method: "PUT",
      path: `${P}/inventory/counts/${B.count}/lines`,
      json: { code: A.productRef, size: "40", pairs: 9 },
    })),
  ],
  "DELETE /api/v1/inventory/counts/:id/lines/:lineId": [
    foreign("removes a line of an A count", () => ({
      method: "DELETE",
      path: `${P}/inventory/counts/${A.count}/lines/${A.countLine}`,
    })),
    foreign("removes an A line through its own count", () => ({
      method: "DELETE",
      path: `${P}/inventory/counts/${B.count}/lines/${A.countLine}`,
    })),
  ],
  "POST /api/v1/inventory/counts/:id/post": [
    foreign("posts an A count", () => post(`${P}/inventory/counts/${A.count}/post`)),
  ],
  "POST /api/v1/inventory/counts/:id/cancel": [
    foreign("cancels an A count", () => post(`${P}/inventory/counts/${A.count}/cancel`)),
  ],
};
