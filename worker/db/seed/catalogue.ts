// The demo catalogue as products with stock. The only seeding the Worker ships: create-test-data uses
// it; everything else under db/seed/ is for `npm start` and the tests.
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Gender } from "../../../shared/constants";
import { internalEan13 } from "../../domain/catalogue/barcodes";
import { toCentavos } from "../../domain/shared/money";
import { stockChangeStatements } from "../../domain/stock/ledger";
import type { Db } from "../client";
import { products, productVariants } from "../schema";
import { CATALOGUE, EU_SIZES, US_SIZES } from "./catalogue-data";
import { mulberry32 } from "./prng";

export type DemoProduct = {
  referenceCode: string;
  brand: string;
  model: string;
  color: string;
  category: (typeof CATALOGUE)[number]["category"];
  unitPrice: number;
  boxPrice: number;
  /** what a pair cost the company; a few demo products have none, as in real catalogues */
  costPrice: number | null;
  gender: Gender;
  photoFolder: string | null;
  /** file names in photoFolder that show this colourway; the first is the product picture */
  photos: string[];
  sizes: string[];
};

const photoFile = (n: number) => `${String(n).padStart(4, "0")}.jpg`;

/** The demo catalogue, flattened to products with stable reference codes. */
export function demoProducts(count: number): DemoProduct[] {
  const list: DemoProduct[] = [];
  for (const entry of CATALOGUE) {
    entry.colors.forEach(({ color, photos }, i) => {
      const slug = `${entry.brand}-${entry.model}`
        .toUpperCase()
        .normalize("NFD")
        .replace(/[^A-Z0-9]+/g, "")
        .slice(0, 8);
      list.push({
        referenceCode: `${slug}-${String(i + 1).padStart(2, "0")}`,
        brand: entry.brand,
        model: entry.model,
        color,
        category: entry.category,
        unitPrice: entry.price,
        boxPrice: entry.price * 10 * 0.85,
        costPrice: (list.length + 1) % 9 === 0 ? null : Math.round((entry.price * 0.55) / 100) * 100,
        gender: (["unisex", "hombre", "mujer"] as const)[list.length % 3] ?? "unisex",
        photoFolder: entry.photoFolder,
        photos: photos.map(photoFile),
        sizes: entry.brand === "Adidas" && entry.model === "Yeezy Slide" ? US_SIZES : EU_SIZES,
      });
    });
  }
  return list.slice(0, count);
}

export type CatalogResult = { productsCreated: number; stockRows: number; productIds: Map<string, number> };

/**
 * Adds the demo catalogue to a company's existing locations. Products that already exist
 * (same reference code) are left alone, so running it twice adds nothing.
 */
export async function seedCatalog(
  db: Db,
  companyId: number,
  targetLocations: { id: number; type: "local" | "bodega" }[],
  count: number,
  userId: number | null,
): Promise<CatalogResult> {
  const catalogue = demoProducts(count);
  const existing = await db
    .select({ id: products.id, ref: products.referenceCode })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        inArray(
          products.referenceCode,
          catalogue.map((p) => p.referenceCode),
        ),
      ),
    );
  const productIds = new Map(existing.map((p) => [p.ref, p.id]));
  const random = mulberry32(companyId * 7919);
  let productsCreated = 0;
  let stockRows = 0;
  for (const item of catalogue) {
    if (productIds.has(item.referenceCode)) continue;
    const [row] = await db
      .insert(products)
      .values({
        companyId,
        referenceCode: item.referenceCode,
        brand: item.brand,
        model: item.model,
        color: item.color,
        category: item.category,
        description: `${item.brand} ${item.model} ${item.color}`,
        unitPrice: toCentavos(item.unitPrice),
        boxPrice: toCentavos(item.boxPrice),
        costPrice: item.costPrice === null ? null : toCentavos(item.costPrice),
        gender: item.gender,
      })
      .onConflictDoNothing()
      .returning({ id: products.id });
    if (!row) continue;
    productIds.set(item.referenceCode, row.id);
    productsCreated++;
    const statements: BatchItem<"sqlite">[] = [
      db.insert(productVariants).values(
        item.sizes.map((size, i) => ({
          companyId,
          productId: row.id,
          size,
          // the company and the product's place in its shard's range: short, and no two demo companies share one
          barcode: internalEan13(companyId * 100_000_000 + (row.id % 1_000_000) * 100 + i),
          sku: `${item.referenceCode}-${size}`,
        })),
      ),
    ];
    for (const loc of targetLocations) {
      for (const size of item.sizes) {
        const warehouse = loc.type === "bodega";
        const pairs = Math.floor(random() * (warehouse ? 9 : 4));
        // Stores keep some single feet (from exhibition and broken pairs) to form pairs from.
        const single = !warehouse && random() < 0.12;
        const left = single && random() < 0.5 ? 1 : 0;
        const right = single && left === 0 ? 1 : 0;
        const exhibition = !warehouse && random() < 0.25 ? 1 : 0;
        if (pairs + left + right + exhibition === 0) continue;
        statements.push(
          ...stockChangeStatements(db, {
            companyId,
            productId: row.id,
            locationId: loc.id,
            size,
            delta: { pairs, left, right, exhibition },
            reason: "entry",
            userId,
            entryRef: "demo-seed",
            notes: "Inventario inicial de demostración",
          }),
        );
        stockRows++;
      }
    }
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
  }
  return { productsCreated, stockRows, productIds };
}
