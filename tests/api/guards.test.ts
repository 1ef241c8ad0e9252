import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isGuardFailure, requireChanged, requireThat } from "../../worker/db/guards";
import { locations } from "../../worker/db/schema";
import { db } from "./support/helpers";

// The guards must stop a real D1 batch (workerd's local D1) and leave nothing of it behind.
describe("batch guards", () => {
  const rename = (from: string, to: string) => db().update(locations).set({ name: to }).where(eq(locations.name, from));
  const named = async (name: string) =>
    (await db().select({ id: locations.id }).from(locations).where(eq(locations.name, name))).length;

  it("requireChanged lets a batch through when the guarded update matched", async () => {
    const [first] = await db().select({ name: locations.name }).from(locations).limit(1);
    const name = first?.name ?? "";
    await db().batch([rename(name, `${name} (g1)`), requireChanged(db(), "renamed"), rename(`${name} (g1)`, name)]);
    expect(await named(name)).toBe(1);
  });

  it("requireChanged rolls back the statements before and after it when the update matched nothing", async () => {
    const [first] = await db().select({ name: locations.name }).from(locations).limit(1);
    const name = first?.name ?? "";
    const before = await named(name);
    const err = await db()
      .batch([rename(name, `${name} (g2)`), rename("no existe", "nada"), requireChanged(db(), "x"), rename(name, "y")])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isGuardFailure(err)).toBe(true);
    expect(await named(name)).toBe(before);
    expect(await named(`${name} (g2)`)).toBe(0);
  });

  it("requireThat fails the batch when its condition is false, and not when it is true", async () => {
    const [first] = await db().select({ name: locations.name }).from(locations).limit(1);
    const name = first?.name ?? "";
    await db().batch([requireThat(db(), "ok", sql`1 = 1`), rename(name, name)]);
    const err = await db()
      .batch([
        rename(name, `${name} (g3)`),
        requireThat(db(), "no", sql`EXISTS (SELECT 1 FROM locations WHERE name = ${`${name} (g3)`})`),
      ])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeNull();
    const err2 = await db()
      .batch([rename(`${name} (g3)`, name), requireThat(db(), "no", sql`1 = 0`)])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isGuardFailure(err2)).toBe(true);
    expect(await named(`${name} (g3)`)).toBe(1);
    await rename(`${name} (g3)`, name);
  });
});
