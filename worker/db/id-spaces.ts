// Ids that survive a move (docs/sharding.md "Ids that survive a move"): each shard hands out ids of its
// own range, so a company's ids are unique on the whole platform and a cross-tenant id never names a row
// of the caller's own company on another shard. Shard k (1-based, in SHARDS order) starts every
// AUTOINCREMENT table at (k − 1) × 10^10: ten billion rows per table and shard, ids of at most 12 digits
// (what the routes accept) for up to 99 shards. Plain SQL, so `npm run db:migrate` runs it too.

export const SHARD_ID_SPAN = 10_000_000_000;

/** The statements that move shard k's AUTOINCREMENT tables to its range (idempotent; never lowers a table). */
export function idSpaceSql(shardNumber: number): string[] {
  const floor = (shardNumber - 1) * SHARD_ID_SPAN;
  return [
    `INSERT INTO sqlite_sequence (name, seq)
       SELECT name, ${floor} FROM sqlite_master
       WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' AND name NOT IN (SELECT name FROM sqlite_sequence)`,
    `UPDATE sqlite_sequence SET seq = ${floor} WHERE seq < ${floor}`,
  ];
}
