// A write and the reads that answer it in one D1 batch: one round trip (issue 34's budget), and the reads
// see exactly what the batch wrote, in its transaction.
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Db } from "./client";

type Reads = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Runs `writes`, then `reads`, as one batch; answers the reads' results. */
export async function writeThenRead<R extends Reads>(
  db: Db,
  writes: readonly BatchItem<"sqlite">[],
  reads: R,
): Promise<BatchResponse<R>> {
  const results = await db.batch([...writes, ...reads] as unknown as Reads);
  return results.slice(writes.length) as unknown as BatchResponse<R>;
}
