import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof connect>;

function connect(d1: D1Database) {
  return drizzle(d1, { schema });
}

// drizzle walks the whole schema to build its relational config on every drizzle() call (about 60 µs
// here), so each D1 binding gets one instance; it holds no per-request state.
const instances = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = connect(d1);
    instances.set(d1, db);
  }
  return db;
}
