// The column shapes every table uses. Money columns hold integer centavos; timestamps are ISO-8601 UTC
// text; calendar dates are 'YYYY-MM-DD'.
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, integer, text } from "drizzle-orm/sqlite-core";

export const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
export const id = () => integer("id").primaryKey({ autoIncrement: true });
/** A receipt's public token: 128 random bits as 32 hex digits. */
export function newReceiptToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const createdAt = () => text("created_at").notNull().default(nowIso);
export const updatedAt = () => text("updated_at").notNull().default(nowIso);
export const bool = (name: string) => integer(name, { mode: "boolean" });
/** A required reference to another table's id: `<name> integer NOT NULL REFERENCES <table>(id)`. */
export const ref = (name: string, column: () => AnySQLiteColumn) => integer(name).notNull().references(column);
