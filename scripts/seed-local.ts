// Loads the demo data into the local D1/R2 that `wrangler dev` uses (idempotent).
// Product photos come from ../shared/shoes-dev (or SHOES_DIR) when present; they are never committed.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import type { Db } from "../worker/db/client";
import { companies, products } from "../worker/db/schema";
import { seedFiscalDemo } from "../worker/db/seed/fiscal";
import { CATALOGUE, DEMO_COMPANY, demoCounts, demoProducts, publishedOnSeed, seedDemo } from "../worker/db/seed/index";
import { everyCompanyDb, platformDb, prepareShards } from "../worker/db/shards";
import { seedEmbeddings } from "./seed-embeddings";

const shoesDir = resolve(process.env.SHOES_DIR ?? join(import.meta.dirname, "..", "..", "shared", "shoes-dev"));

/**
 * Attaches each demo product's photo; the showcase company's products that get one are published in the
 * storefront (most of them: seed/storefront.ts), once, so a rerun never undoes the administrador's choice.
 */
async function attachPhotos(env: Env): Promise<number> {
  if (!existsSync(shoesDir)) {
    console.log(`(sin fotos de demostración: ${shoesDir} no existe; los productos se muestran sin imagen)`);
    return 0;
  }
  const [showcase] = await platformDb(env)
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.subdomain, DEMO_COMPANY.subdomain));
  let attached = 0;
  for (const db of everyCompanyDb(env)) attached += await attachPhotosOn(db, env, showcase?.id);
  return attached;
}

async function attachPhotosOn(db: Db, env: Env, showcaseId: number | undefined): Promise<number> {
  const missing = await db.select().from(products).where(isNull(products.imageKey));
  let attached = 0;
  const catalogue = new Map(demoProducts(CATALOGUE.length * 2).map((p) => [p.referenceCode, p]));
  for (const product of missing) {
    // each colourway's own picture: the first photo that shows it (seed/catalogue-data.ts CATALOGUE)
    const entry = catalogue.get(product.referenceCode);
    const photo = entry?.photos[0];
    if (!entry?.photoFolder || !photo) continue;
    const folder = join(shoesDir, entry.photoFolder);
    if (!existsSync(join(folder, photo))) continue;
    const key = `company/${product.companyId}/products/${product.id}/photo.jpg`;
    const bytes = readFileSync(join(folder, photo));
    // The proxy cannot serialise Buffers that view a shared pool: pass a plain ArrayBuffer.
    const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    await env.FILES.put(key, body, { httpMetadata: { contentType: "image/jpeg" } });
    await db
      .update(products)
      .set({
        imageKey: key,
        isPublished: product.companyId === showcaseId && publishedOnSeed(product.referenceCode),
      })
      .where(and(eq(products.id, product.id), isNull(products.imageKey)));
    attached++;
  }
  return attached;
}

const persist = process.env.PERSIST_DIR ? { path: join(process.env.PERSIST_DIR, "v3") } : true;
const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist });
try {
  const started = Date.now();
  // 90 days of history for the demo company unless DEMO_HISTORY=0 (the API tests seed without it)
  // each shard hands out ids of its own range (worker/db/id-spaces.ts): before any row is written
  await prepareShards(proxy.env);
  const summary = await seedDemo(proxy.env, new Date(), { history: process.env.DEMO_HISTORY !== "0" });
  const photos = await attachPhotos(proxy.env);
  // the demo company's stores issue electronic POS documents through the local test provider
  let numbered = 0;
  for (const db of everyCompanyDb(proxy.env)) numbered += await seedFiscalDemo(db, DEMO_COMPANY.subdomain);
  // reference embeddings of the demo products from the same photos, so a new user can scan in the demo
  const enrolled = await seedEmbeddings(everyCompanyDb(proxy.env));
  const counts = await demoCounts(proxy.env);
  console.log(
    `Datos de demostración listos en ${Date.now() - started} ms:`,
    JSON.stringify({
      ...summary.companies,
      photos_attached: photos,
      numbering_ranges_added: numbered,
      products_enrolled: enrolled,
      totals: counts,
    }),
  );
} finally {
  await proxy.dispose();
}
