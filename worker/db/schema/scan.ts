// Scan references: a product's visual embeddings.
import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { products } from "./catalogue";
import { createdAt, ref } from "./columns";
import { companyRow } from "./platform";

export const productEmbeddings = sqliteTable(
  "product_embeddings",
  {
    ...companyRow(),
    productId: ref("product_id", () => products.id),
    modelId: text("model_id").notNull(),
    source: text("source", { enum: ["photo", "video_frame", "scan"] }).notNull(),
    dims: integer("dims").notNull(),
    // little-endian float32 values, L2-normalised
    vector: blob("vector", { mode: "buffer" }).notNull(),
    // the image's colour histogram (worker/domain/scan/colour.ts), little-endian float32; null from
    // clients before issue 19: those products are then ranked by shape alone
    colour: blob("colour", { mode: "buffer" }),
    createdAt: createdAt(),
  },
  (t) => [index("product_embeddings_company_model_idx").on(t.companyId, t.modelId)],
);
