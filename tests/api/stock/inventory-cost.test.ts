import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COST_PRICE_INVALID } from "../../../shared/messages";
import { products } from "../../../worker/db/schema";
import { client, DEMO, db, expectError, locationNamed, login, ok } from "../support/helpers";

// The administrador's inventory entry (POST /admin/admin/inventory/video-entry-distributed) takes what
// each pair cost: the product's cost price, the cost of goods of its sales.

function webm(bytes = 4096): File {
  const data = new Uint8Array(bytes);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return new File([data], "producto.webm", { type: "video/webm" });
}

async function entry(fields: Record<string, string>) {
  const token = await login(DEMO.administrador);
  const centro = await locationNamed("Local Centro");
  return client(token).admin.admin.inventory["video-entry-distributed"].$post({
    form: {
      product_brand: "Fila",
      product_model: "Disruptor II",
      unit_price: "329900",
      sizes_distribution_json: JSON.stringify([{ size: "39", pairs: [{ location_id: centro.id, quantity: 2 }] }]),
      video_file: webm(),
      ...fields,
    },
  });
}

const costOf = async (id: number) =>
  (
    await db()
      .select({ cost: products.costPrice })
      .from(products)
      .where(and(eq(products.id, id)))
  )[0]?.cost;

describe("inventory entry with its cost price", () => {
  it("stores the cost of a new product, updates it on a later entry, and keeps it when none is sent", async () => {
    const created = await ok(await entry({ cost_price: "180000" }), 201);
    expect(created.cost_price).toBe(180_000);
    expect(await costOf(created.product_id)).toBe(18_000_000);
    const again = await ok(await entry({ reference_code: created.reference_code, cost_price: "190000" }), 201);
    expect(again.product_id).toBe(created.product_id);
    expect(await costOf(created.product_id)).toBe(19_000_000);
    const kept = await ok(await entry({ reference_code: created.reference_code, cost_price: "" }), 201);
    expect(kept.cost_price).toBe(190_000);
    // the catalogue shows it (and a cost above the price is taken: the screen warns, a clearance may sell below cost)
    const above = await ok(await entry({ reference_code: created.reference_code, cost_price: "400000" }), 201);
    expect(above.cost_price).toBe(400_000);
  });

  it("refuses a negative or non-numeric cost (422)", async () => {
    await expectError(await entry({ cost_price: "-5" }), 422, COST_PRICE_INVALID);
    await expectError(await entry({ cost_price: "mucho" }), 422, COST_PRICE_INVALID);
  });
});
