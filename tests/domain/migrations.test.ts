// Two migration histories (issue 34, docs/sharding.md "Migrations"): `migrations/platform` for the PLATFORM
// database and `migrations/company` for every shard, each generated from its side's tables
// (worker/db/sides/). This checks that each history creates exactly its side's tables as the schema
// declares them (a column added without `npm run db:generate` fails here), that every table has a side,
// and that wrangler.toml gives each binding its side's history.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { migrationsDirs } from "../../scripts/lib.mjs";
import * as schema from "../../worker/db/schema";
import * as company from "../../worker/db/sides/company";
import * as platform from "../../worker/db/sides/platform";

const ROOT = join(import.meta.dirname, "../..");

type Snapshot = Parameters<typeof generateSQLiteMigration>[0];

/** The snapshot drizzle-kit wrote with a history's newest migration. */
function latestSnapshot(dir: string): Snapshot {
  const journal = JSON.parse(readFileSync(join(ROOT, dir, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`${dir}: sin migraciones`);
  const file = `${String(last.idx).padStart(4, "0")}_snapshot.json`;
  return JSON.parse(readFileSync(join(ROOT, dir, "meta", file), "utf8")) as Snapshot;
}

const tableNames = (module: Record<string, unknown>) =>
  new Set(
    Object.values(module)
      .filter((value) => is(value, SQLiteTable))
      .map((table) => getTableName(table as SQLiteTable)),
  );

describe("migration histories per side", () => {
  it.each([
    ["migrations/platform", platform],
    ["migrations/company", company],
  ] as const)("%s creates its side's tables as the schema declares them", async (dir, tables) => {
    const current = await generateSQLiteDrizzleJson(tables);
    expect(await generateSQLiteMigration(latestSnapshot(dir), current)).toEqual([]);
  });

  it("every table of the schema lives on a side, and the platform's own are on no shard", () => {
    const onPlatform = tableNames(platform);
    const onShards = tableNames(company);
    const orphans = [...tableNames(schema)].filter((name) => !onPlatform.has(name) && !onShards.has(name));
    expect(orphans).toEqual([]);
    const platformOnly = [...onPlatform].filter((name) => !onShards.has(name)).sort();
    expect(platformOnly).toEqual(["company_directory", "invoices", "subscription_changes", "user_directory"]);
  });

  it("wrangler.toml gives PLATFORM the platform's history and every shard the company's", () => {
    const dirs = migrationsDirs();
    expect(dirs.get("PLATFORM")).toBe("migrations/platform");
    const shards = [...dirs].filter(([binding]) => binding.startsWith("SHARD_"));
    expect(shards.length).toBeGreaterThanOrEqual(2);
    for (const [, dir] of shards) expect(dir).toBe("migrations/company");
  });
});
