// Demo enrolment: reference embeddings for the demo products that have photos in ../shared/shoes-dev.
// Runs in node with @tensorflow/tfjs + the WASM backend (no tfjs-node) and the same embedding code as
// the phones (web/src/ml/embedder.ts); vectors are stored like POST /api/v1/classify/enroll does
// (product_embeddings, model id from the manifest, little-endian float32, L2-normalised, each with its
// photo's colour histogram, as the phone's enrolment sends them). Skips
// cleanly without photos or weights; idempotent (a product already enrolled for the model is left).
//   node --import tsx scripts/seed-embeddings.ts      (or through scripts/seed-local.ts)
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as tf from "@tensorflow/tfjs";
import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_MODEL_ID, scanModel } from "../web/src/ml/models";
import type { Db } from "../worker/db/client";
import { productEmbeddings, products } from "../worker/db/schema";
import { CATALOGUE, demoProducts } from "../worker/db/seed/index";
import { everyCompanyDb } from "../worker/db/shards";
import { embeddingInserts } from "../worker/domain/scan/enrolment";
import { modelOf, parseEmbedding } from "../worker/domain/scan/matching";
import {
  ENROL_PHOTOS,
  loadSharp,
  MODELS_DIR,
  nodeEmbedder,
  referencesOf,
  SHOES_DIR,
  weightsAvailable,
} from "./scan-node";

/** Stores a product's references exactly as POST /api/v1/classify/enroll/{id} (replace) does. */
async function storeReferences(
  db: Db,
  product: { id: number; companyId: number },
  modelId: string,
  { vectors, colours }: { vectors: readonly Float32Array[]; colours: readonly Float32Array[] },
) {
  const model = modelOf(modelId);
  const rows = vectors.map((raw, i) => {
    const colour = colours[i];
    const vec = parseEmbedding(Array.from(raw), model);
    return {
      companyId: product.companyId,
      productId: product.id,
      modelId: model.id,
      source: "photo" as const,
      dims: vec.length,
      // a plain Uint8Array: the local proxy cannot rebuild a Buffer on the workerd side
      vector: new Uint8Array(vec.buffer.slice(vec.byteOffset, vec.byteOffset + vec.byteLength)) as Buffer,
      colour: colour
        ? (new Uint8Array(colour.buffer.slice(colour.byteOffset, colour.byteOffset + colour.byteLength)) as Buffer)
        : null,
    };
  });
  await db.batch([
    db
      .delete(productEmbeddings)
      .where(
        and(
          eq(productEmbeddings.companyId, product.companyId),
          eq(productEmbeddings.productId, product.id),
          eq(productEmbeddings.modelId, model.id),
        ),
      ),
    ...embeddingInserts(db, rows),
  ]);
}

/** Enrols every demo product with a photo folder and no references yet for the default model. */
/** Enrols on every shard (each holds its companies' products). */
export async function seedEmbeddings(databases: Db[], log: (line: string) => void = console.log): Promise<number> {
  const model = scanModel(DEFAULT_MODEL_ID);
  if (!existsSync(SHOES_DIR)) {
    log(`(sin huellas visuales de demostración: ${SHOES_DIR} no existe)`);
    return 0;
  }
  if (!weightsAvailable(model)) {
    log(`(sin huellas visuales de demostración: no hay pesos de ${model.id} en ${MODELS_DIR}; define MODELS_DIR)`);
    return 0;
  }
  if (!(await loadSharp())) {
    log("(sin huellas visuales de demostración: no se pudo cargar sharp para leer las fotos)");
    return 0;
  }
  // each colourway is enrolled with the photos that show it (seed/catalogue-data.ts CATALOGUE), never its sibling's
  const catalogue = new Map(
    demoProducts(CATALOGUE.length * 2)
      .filter((p) => p.photoFolder && p.photos.length > 0 && existsSync(join(SHOES_DIR, p.photoFolder)))
      .map((p) => [p.referenceCode, p]),
  );
  if (catalogue.size === 0) return 0;
  let embedder: Awaited<ReturnType<typeof nodeEmbedder>> | null = null;
  const cache = new Map<string, { vectors: Float32Array[]; colours: Float32Array[] }>();
  let total = 0;
  for (const db of databases) {
    total += await enrolOn(
      db,
      model,
      catalogue,
      cache,
      async () => {
        embedder ??= await nodeEmbedder(model);
        return embedder;
      },
      log,
    );
  }
  return total;
}

async function enrolOn(
  db: Db,
  model: ReturnType<typeof scanModel>,
  catalogue: Map<string, ReturnType<typeof demoProducts>[number]>,
  cache: Map<string, { vectors: Float32Array[]; colours: Float32Array[] }>,
  embedderOf: () => Promise<Awaited<ReturnType<typeof nodeEmbedder>>>,
  log: (line: string) => void,
): Promise<number> {
  const candidates = await db
    .select({ id: products.id, companyId: products.companyId, ref: products.referenceCode })
    .from(products)
    .where(inArray(products.referenceCode, [...catalogue.keys()]));
  if (candidates.length === 0) return 0;
  const enrolled = new Set(
    (
      await db
        .select({ productId: productEmbeddings.productId })
        .from(productEmbeddings)
        .where(
          and(
            eq(productEmbeddings.modelId, model.id),
            inArray(
              productEmbeddings.productId,
              candidates.map((p) => p.id),
            ),
          ),
        )
    ).map((r) => r.productId),
  );
  const pending = candidates.filter((p) => !enrolled.has(p.id));
  if (pending.length === 0) return 0;

  const started = Date.now();
  const embedder = await embedderOf();
  for (const product of pending) {
    const entry = catalogue.get(product.ref);
    if (!entry?.photoFolder) continue;
    let references = cache.get(entry.referenceCode);
    if (!references) {
      const dir = join(SHOES_DIR, entry.photoFolder);
      references = await referencesOf(
        embedder,
        entry.photos
          .filter((f) => existsSync(join(dir, f)))
          .slice(0, ENROL_PHOTOS)
          .map((f) => join(dir, f)),
      );
      cache.set(entry.referenceCode, references);
    }
    if (references.vectors.length > 0) await storeReferences(db, product, model.id, references);
  }
  log(
    `Huellas visuales: ${pending.length} producto(s) de demostración enrolados con ${model.id} en ${Date.now() - started} ms (${tf.getBackend()}).`,
  );
  return pending.length;
}

// Standalone: node --import tsx scripts/seed-embeddings.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { getPlatformProxy } = await import("wrangler");
  const persist = process.env.PERSIST_DIR ? { path: join(process.env.PERSIST_DIR, "v3") } : true;
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist });
  try {
    await seedEmbeddings(everyCompanyDb(proxy.env));
  } finally {
    await proxy.dispose();
  }
}
