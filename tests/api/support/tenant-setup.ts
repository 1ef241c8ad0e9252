// Setting up company B's objects for the tenant-isolation suites, the calls they make as either company,
// and what identifies company A's data once it is set up.
import { env } from "cloudflare:workers";
import { and, eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { hashPassword } from "../../../worker/auth/password";
import {
  companies,
  inventory,
  locations,
  products,
  stockCounts,
  stockMovements,
  suppliers,
  transferRequests,
  userDirectory,
  users,
} from "../../../worker/db/schema";
import { demoProducts } from "../../../worker/db/seed/index";
import { everyCompanyDb } from "../../../worker/db/shards";
import {
  api,
  client,
  companyNamed,
  DEMO,
  db,
  dbOf,
  insertUser,
  login,
  PASSWORD,
  platform,
  updateCompanyRow,
} from "./helpers";
import { A, A_IDS, A_MARKERS, type Actor, B, B_LOGIN, ENTITIES, type Req } from "./tenant-cases";

// ---------------------------------------------------------------- setting up both companies

export async function tokenOf(actor: Actor): Promise<string> {
  return login(actor === "superuser" ? DEMO.superuser : B_LOGIN[actor]);
}

/** A call of company A's `email` that must succeed (any 2xx); what it answers is not read. */
export async function asA(email: string, req: Req) {
  const res = await send(await login(email), req, null);
  const text = await res.text();
  expect(res.status, `${req.method ?? "GET"} ${req.path}: ${text}`).toBeLessThan(300);
}

/** Company A's `email`'s typed routes. */
export const routesOf = async (email: string) => client(await login(email));

export function send(token: string, req: Req, companyId: number | null): Promise<Response> {
  const headers: Record<string, string> = {
    ...req.headers,
    ...(companyId === null ? {} : { "X-Company-Id": String(companyId) }),
  };
  if (req.raw) headers["Content-Type"] = "application/octet-stream";
  return api(req.path, {
    method: req.method ?? "GET",
    token,
    headers,
    ...(req.json !== undefined ? { json: req.json } : {}),
    ...(req.form ? { body: req.form() } : {}),
    ...(req.raw ? { body: req.raw } : {}),
  });
}

export const keyOf = (url: unknown) => String(url).replace(/^\/api\/v1\/files\//, "");

/** A location by name, on whichever shard holds it (A and B live on different shards). */
export async function locationId(name: string) {
  for (const shard of everyCompanyDb(env)) {
    const [row] = await shard.select({ id: locations.id }).from(locations).where(eq(locations.name, name));
    if (row) return row.id;
  }
  throw new Error(`location ${name}`);
}

/** An account's id, from the platform's directory. */
export async function userId(email: string) {
  const [row] = await platform()
    .select({ id: userDirectory.id })
    .from(userDirectory)
    .where(eq(userDirectory.email, email));
  if (!row) throw new Error(`user ${email}`);
  return row.id;
}

export async function keyOfRow(table: "sales" | "expenses", id: number): Promise<string> {
  const [row] = await db().all<{ k: string }>(sql.raw(`SELECT idempotency_key AS k FROM ${table} WHERE id = ${id}`));
  if (!row?.k) throw new Error(`${table} ${id} has no idempotency key`);
  return row.k;
}

/** A copy of one of A's transfers in another state: the states the seed does not have. */
export async function cloneTransfer(baseId: number, changes: Partial<typeof transferRequests.$inferInsert>) {
  const [base] = await db().select().from(transferRequests).where(eq(transferRequests.id, baseId));
  if (!base) throw new Error(`transfer ${baseId}`);
  const { id: _id, ...rest } = base;
  const [row] = await db()
    .insert(transferRequests)
    .values({ ...rest, ...changes })
    .returning({ id: transferRequests.id });
  if (!row) throw new Error("clone");
  return row.id;
}

export async function seededTransfer(status: string, pickupType: "corredor" | "vendedor", requestType = "transfer") {
  const [row] = await db()
    .select({ id: transferRequests.id })
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.companyId, A.id),
        sql`${transferRequests.status} = ${status}`,
        eq(transferRequests.pickupType, pickupType),
        sql`${transferRequests.requestType} = ${requestType}`,
      ),
    )
    .limit(1);
  if (!row) throw new Error(`no ${status} ${pickupType} ${requestType}`);
  return row.id;
}

export async function setUpCompanyB() {
  const otra = await companyNamed("otra");
  B.id = otra.id;
  // B lives on another shard than A: every row of B is written there
  const dbB = await dbOf(B.id);
  // three locations at most: the boss's new location takes the last free one
  await updateCompanyRow(B.id, { maxLocations: 3 });
  B.store = await locationId("Otra Tienda Medellín");
  B.warehouse = await locationId("Otra Bodega Itagüí");
  B.seller = await userId(DEMO.otherSeller);
  const hash = await hashPassword(PASSWORD);
  for (const user of [
    {
      companyId: B.id,
      email: B_LOGIN.boss,
      passwordHash: hash,
      firstName: "Olivia",
      lastName: "Jefa",
      role: "boss" as const,
    },
    {
      companyId: B.id,
      email: B_LOGIN.bodeguero,
      passwordHash: hash,
      firstName: "Omar",
      lastName: "Bodeguero",
      role: "bodeguero" as const,
      locationId: B.warehouse,
    },
    {
      companyId: B.id,
      email: B_LOGIN.corredor,
      passwordHash: hash,
      firstName: "Orlando",
      lastName: "Mensajero",
      role: "corredor" as const,
    },
  ])
    await insertUser(user);
  const [line] = await dbB
    .select({ ref: products.referenceCode, size: inventory.size, price: products.unitPrice })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(and(eq(inventory.locationId, B.store), sql`${inventory.pairs} - ${inventory.reservedPairs} > 0`))
    .limit(1);
  if (!line) throw new Error("company B has no stock at its store");
  // enough pairs for every sale the cases make, through the ledger like any entry
  const [cell] = await dbB
    .update(inventory)
    .set({ pairs: sql`${inventory.pairs} + 40` })
    .where(
      and(
        eq(inventory.locationId, B.store),
        eq(inventory.size, line.size),
        inArray(
          inventory.productId,
          dbB
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.companyId, B.id), eq(products.referenceCode, line.ref))),
        ),
      ),
    )
    .returning();
  if (!cell) throw new Error("company B's stock cell");
  await dbB.insert(stockMovements).values({
    companyId: B.id,
    productId: cell.productId,
    locationId: B.store,
    size: line.size,
    deltaPairs: 40,
    reason: "entry",
  });
  B.line = { ref: line.ref, size: line.size, price: line.price / 100 };
  const [transfer] = await dbB
    .insert(transferRequests)
    .values({
      companyId: B.id,
      requesterId: B.seller,
      sourceLocationId: B.warehouse,
      destinationLocationId: B.store,
      sneakerReferenceCode: line.ref,
      brand: "Marca",
      model: "Modelo",
      size: line.size,
      quantity: 1,
      transferType: "pair",
      inventoryType: "pair",
      purpose: "cliente",
      requestType: "transfer",
      pickupType: "corredor",
      destinationType: "exhibicion",
      priority: "high",
    })
    .returning({ id: transferRequests.id });
  B.transfer = transfer?.id ?? 0;
  const [count] = await dbB
    .insert(stockCounts)
    .values({ companyId: B.id, locationId: B.warehouse })
    .returning({ id: stockCounts.id });
  B.count = count?.id ?? 0;
  const [supplier] = await dbB
    .insert(suppliers)
    .values({ companyId: B.id, name: "Proveedor de B", nit: "800197268", nitCheckDigit: 4 })
    .returning({ id: suppliers.id });
  B.supplier = supplier?.id ?? 0;
}

/** What identifies company A: its ids per table and the strings only its data holds. */
export async function collectA() {
  for (const table of ENTITIES) {
    const rows = await db().all<{ id: number }>(sql.raw(`SELECT id FROM "${table}" WHERE company_id = ${A.id}`));
    A_IDS[table] = new Set(rows.map((r) => r.id));
  }
  const [company] = await db().select().from(companies).where(eq(companies.id, A.id));
  const theirUsers = await db().select().from(users).where(eq(users.companyId, A.id));
  const theirPlaces = await db().select().from(locations).where(eq(locations.companyId, A.id));
  // the demo catalogue's codes are every company's (POST /admin/create-test-data seeds it for B too)
  const shared = new Set(demoProducts(1000).map((p) => p.referenceCode));
  const theirRefs = (
    await db().select({ ref: products.referenceCode }).from(products).where(eq(products.companyId, A.id))
  ).map((p) => p.ref);
  A_MARKERS.push(
    company?.name ?? "Calzado Horma Demo",
    company?.legalName ?? "",
    company?.taxId ?? "",
    "demo.horma.co",
    "Bogotá",
    `company/${A.id}/`,
    "SecretoA",
    "SecretaA",
    // A's customer: document and phone
    A.customerDocument,
    "3104445566",
    // A's shopper's phone (web reservation)
    "3105556677",
    ...theirUsers.flatMap((u) => [u.email, u.firstName, u.lastName]),
    ...theirPlaces.flatMap((l) => [l.name, l.address ?? "", l.managerName ?? ""]),
    ...theirRefs.filter((ref) => !shared.has(ref)),
  );
  const unique = [...new Set(A_MARKERS.filter((m) => m.length >= 4))];
  A_MARKERS.length = 0;
  A_MARKERS.push(...unique);
}
