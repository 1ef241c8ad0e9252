// Demo data (idempotent): plans, the superuser, a demo company with 3 stores, 2 warehouses,
// one user per role, 24 products with stock (incl. single feet), sales and transfers in several
// states, and a second company to prove isolation. Every stock row comes with its ledger rows.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword } from "../auth/password";
import { toCentavos } from "../domain/money";
import { addDays, INVOICE_DUE_DAYS, invoiceNumber, monthPeriod } from "../domain/platform";
import { rollupStatements } from "../domain/sales-rollup";
import { stockChangeStatements } from "../domain/stock";
import { bogotaDate, bogotaDayRange } from "../domain/time";
import type { Db } from "./client";
import {
  companies,
  discountRequests,
  expenses,
  inventory,
  inventoryAlerts,
  invoices,
  locations,
  plans,
  products,
  type Role,
  saleItems,
  salePayments,
  sales,
  transferRequests,
  users,
} from "./schema";
import { HISTORY_DAYS, type HistorySummary, type HistoryWorld, seedHistory } from "./seed-history";

export const DEMO_PASSWORD = "Horma#2026";

/**
 * The plan templates. `features` says which modules each includes; the ones enforced (403 on their
 * routes, hidden in the SPA) are `mayoreo` and `reportes_avanzados` (domain/platform.ts PLAN_MODULES);
 * escaneo and transferencias are in every plan.
 */
export const DEMO_PLANS = [
  {
    planCode: "basic",
    displayName: "Básico",
    description: "Para zapaterías que empiezan: hasta 3 locales y 10 empleados.",
    maxLocations: 3,
    maxEmployees: 10,
    pricePerLocation: toCentavos(120_000),
    features: { escaneo: true, transferencias: true, mayoreo: false, reportes_avanzados: false },
    sortOrder: 1,
  },
  {
    planCode: "professional",
    displayName: "Profesional",
    description: "Cadenas en crecimiento: hasta 10 ubicaciones y 40 empleados.",
    maxLocations: 10,
    maxEmployees: 40,
    pricePerLocation: toCentavos(100_000),
    features: { escaneo: true, transferencias: true, mayoreo: true, reportes_avanzados: true },
    sortOrder: 2,
  },
  {
    planCode: "enterprise",
    displayName: "Empresarial",
    description: "Grandes operaciones: hasta 50 ubicaciones y 250 empleados, soporte prioritario.",
    maxLocations: 50,
    maxEmployees: 250,
    pricePerLocation: toCentavos(80_000),
    features: {
      escaneo: true,
      transferencias: true,
      mayoreo: true,
      reportes_avanzados: true,
      soporte_prioritario: true,
    },
    sortOrder: 3,
  },
] as const;

type LocationSeed = {
  name: string;
  type: "local" | "bodega";
  address: string;
  phone: string;
  managerName: string;
  capacity?: number;
  latitude: number;
  longitude: number;
};

type UserSeed = { email: string; firstName: string; lastName: string; role: Role; location?: string };

type CompanySeed = {
  name: string;
  subdomain: string;
  email: string;
  legalName: string;
  taxId: string;
  phone: string;
  plan: (typeof DEMO_PLANS)[number]["planCode"];
  locations: LocationSeed[];
  users: UserSeed[];
  productCount: number;
};

export const DEMO_COMPANY: CompanySeed = {
  name: "Calzado Horma Demo",
  subdomain: "demo",
  email: "contacto@demo.horma.co",
  legalName: "Calzado Horma Demo S.A.S.",
  taxId: "901234567-8",
  phone: "+57 601 555 0100",
  plan: "professional",
  locations: [
    {
      name: "Local Centro",
      type: "local",
      address: "Cra. 7 # 12-45, Bogotá",
      phone: "+57 601 555 0101",
      managerName: "Laura Méndez",
      latitude: 4.6018,
      longitude: -74.0726,
    },
    {
      name: "Local Chapinero",
      type: "local",
      address: "Cl. 60 # 9-20, Bogotá",
      phone: "+57 601 555 0102",
      managerName: "Camilo Ruiz",
      latitude: 4.6459,
      longitude: -74.0636,
    },
    {
      name: "Local Unicentro",
      type: "local",
      address: "Av. 15 # 124-30, Bogotá",
      phone: "+57 601 555 0103",
      managerName: "Sofía Vargas",
      latitude: 4.7026,
      longitude: -74.0416,
    },
    {
      name: "Bodega Principal",
      type: "bodega",
      address: "Cl. 13 # 68-50, Bogotá",
      phone: "+57 601 555 0110",
      managerName: "Jorge Castaño",
      capacity: 5000,
      latitude: 4.6352,
      longitude: -74.1186,
    },
    {
      name: "Bodega Sur",
      type: "bodega",
      address: "Autopista Sur # 60-15, Bogotá",
      phone: "+57 601 555 0111",
      managerName: "Mónica Pardo",
      capacity: 3000,
      latitude: 4.5921,
      longitude: -74.156,
    },
  ],
  users: [
    { email: "boss@demo.horma.co", firstName: "Beatriz", lastName: "Ospina", role: "boss" },
    { email: "admin@demo.horma.co", firstName: "Andrés", lastName: "Gómez", role: "administrador" },
    {
      email: "bodega@demo.horma.co",
      firstName: "Jorge",
      lastName: "Castaño",
      role: "bodeguero",
      location: "Bodega Principal",
    },
    {
      email: "vendedor@demo.horma.co",
      firstName: "Valentina",
      lastName: "Rojas",
      role: "seller",
      location: "Local Centro",
    },
    {
      email: "vendedor2@demo.horma.co",
      firstName: "Mateo",
      lastName: "Herrera",
      role: "seller",
      location: "Local Chapinero",
    },
    { email: "corredor@demo.horma.co", firstName: "Carlos", lastName: "Moto", role: "corredor" },
  ],
  productCount: 24,
};

/** More sellers for the history (every store sells every day); seeded with it only. */
export const HISTORY_SELLERS: UserSeed[] = [
  {
    email: "vendedor3@demo.horma.co",
    firstName: "Daniela",
    lastName: "Torres",
    role: "seller",
    location: "Local Unicentro",
  },
  {
    email: "vendedor4@demo.horma.co",
    firstName: "Santiago",
    lastName: "Pérez",
    role: "seller",
    location: "Local Centro",
  },
  {
    email: "vendedor5@demo.horma.co",
    firstName: "Juliana",
    lastName: "Castro",
    role: "seller",
    location: "Local Unicentro",
  },
];

export const OTHER_COMPANY: CompanySeed = {
  name: "Zapatería Otra",
  subdomain: "otra",
  email: "contacto@otra.horma.co",
  legalName: "Zapatería Otra Ltda.",
  taxId: "900765432-1",
  phone: "+57 604 555 0200",
  // the isolation tests use every module from this company too
  plan: "professional",
  locations: [
    {
      name: "Otra Tienda Medellín",
      type: "local",
      address: "Cl. 10 # 43-12, Medellín",
      phone: "+57 604 555 0201",
      managerName: "Paula Ríos",
      latitude: 6.2088,
      longitude: -75.5676,
    },
    {
      name: "Otra Bodega Itagüí",
      type: "bodega",
      address: "Cra. 50 # 30-40, Itagüí",
      phone: "+57 604 555 0202",
      managerName: "Hernán Toro",
      capacity: 1500,
      latitude: 6.1719,
      longitude: -75.6114,
    },
  ],
  users: [
    { email: "admin@otra.horma.co", firstName: "Olga", lastName: "Trujillo", role: "administrador" },
    {
      email: "vendedor@otra.horma.co",
      firstName: "Oscar",
      lastName: "Tamayo",
      role: "seller",
      location: "Otra Tienda Medellín",
    },
  ],
  productCount: 6,
};

export const SUPERUSER = { email: "super@horma.co", firstName: "Sara", lastName: "Plataforma" };

/**
 * Shoe models of the demo catalogue; `photoFolder` names the folder of ../shared/shoes-dev used for
 * pictures. The folders mix colourways, so each colourway names the photos that show it (0001.jpg is 1)
 * and its colour is what they show: its product picture is the first, and its scan references are
 * those photos, so two colourways of a model never share references (they would always tie).
 */
export const CATALOGUE = [
  {
    brand: "Nike",
    model: "Air Max 1",
    photoFolder: "nike_air_max_1",
    category: "running",
    price: 649_900,
    colors: [
      { color: "Blanco/Negro", photos: [3, 15, 12] },
      { color: "Blanco/Verde agua", photos: [2, 10, 11] },
    ],
  },
  {
    brand: "Nike",
    model: "Cortez",
    photoFolder: "nike_cortez",
    category: "casual",
    price: 429_900,
    colors: [
      { color: "Blanco/Azul", photos: [3, 6, 8] },
      { color: "Negro/Blanco", photos: [1, 7, 9, 12, 15] },
    ],
  },
  {
    brand: "Adidas",
    model: "Superstar",
    photoFolder: "adidas_superstar",
    category: "casual",
    price: 459_900,
    colors: [
      { color: "Blanco/Negro", photos: [4, 2, 6, 7, 12, 13] },
      { color: "Negro/Blanco", photos: [14, 11] },
    ],
  },
  {
    brand: "Adidas",
    model: "Forum Low",
    photoFolder: "adidas_forum_low",
    category: "basketball",
    price: 519_900,
    colors: [
      { color: "Blanco/Azul", photos: [1, 2, 4, 14] },
      { color: "Blanco/Negro", photos: [3, 9, 15] },
    ],
  },
  {
    brand: "Asics",
    model: "Gel-Lyte III",
    photoFolder: "asics_gel-lyte_iii",
    category: "running",
    price: 589_900,
    colors: [
      { color: "Blanco/Gris", photos: [2, 4, 11] },
      { color: "Verde azulado", photos: [3, 1] },
    ],
  },
  {
    brand: "Converse",
    model: "Chuck 70 Low",
    photoFolder: "converse_chuck_70_low",
    category: "casual",
    price: 369_900,
    colors: [
      { color: "Negro", photos: [1, 6, 8, 9, 11] },
      { color: "Crema", photos: [15, 2, 7] },
    ],
  },
  {
    brand: "New Balance",
    model: "327",
    photoFolder: "new_balance_327",
    category: "running",
    price: 549_900,
    colors: [
      { color: "Azul/Blanco", photos: [2, 12, 13] },
      { color: "Rojo/Blanco", photos: [9, 11] },
    ],
  },
  {
    brand: "Reebok",
    model: "Club C 85",
    photoFolder: "reebok_club_c_85",
    category: "tennis",
    price: 399_900,
    colors: [
      { color: "Blanco/Verde", photos: [3, 1, 4, 13] },
      { color: "Negro", photos: [5, 14] },
    ],
  },
  {
    brand: "Vans",
    model: "Authentic",
    photoFolder: "vans_authentic",
    category: "casual",
    price: 289_900,
    colors: [
      { color: "Negro", photos: [1, 4, 6, 8] },
      { color: "Blanco", photos: [12, 3, 13] },
    ],
  },
  {
    brand: "Adidas",
    model: "Yeezy Slide",
    photoFolder: "yeezy_slide",
    category: "casual",
    price: 499_900,
    colors: [
      { color: "Hueso", photos: [10, 14] },
      { color: "Ónix", photos: [3, 2, 8, 9, 15] },
    ],
  },
  {
    brand: "Nike",
    model: "Court Vision",
    photoFolder: null,
    category: "tennis",
    price: 359_900,
    colors: [{ color: "Blanco", photos: [] }],
  },
  {
    brand: "Adidas",
    model: "Barricade",
    photoFolder: null,
    category: "tennis",
    price: 579_900,
    colors: [{ color: "Blanco/Azul", photos: [] }],
  },
  {
    brand: "Nike",
    model: "LeBron Witness 8",
    photoFolder: null,
    category: "basketball",
    price: 629_900,
    colors: [{ color: "Negro/Dorado", photos: [] }],
  },
  {
    brand: "Under Armour",
    model: "Curry Flow 10",
    photoFolder: null,
    category: "basketball",
    price: 699_900,
    colors: [{ color: "Azul/Amarillo", photos: [] }],
  },
] as const;

const EU_SIZES = ["35", "36", "37", "38", "39", "40", "41", "42", "43", "44"];
const US_SIZES = ["7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11"];

export type DemoProduct = {
  referenceCode: string;
  brand: string;
  model: string;
  color: string;
  category: (typeof CATALOGUE)[number]["category"];
  unitPrice: number;
  boxPrice: number;
  photoFolder: string | null;
  /** file names in photoFolder that show this colourway; the first is the product picture */
  photos: string[];
  sizes: string[];
};

const photoFile = (n: number) => `${String(n).padStart(4, "0")}.jpg`;

/** The demo catalogue, flattened to products with stable reference codes. */
export function demoProducts(count: number): DemoProduct[] {
  const list: DemoProduct[] = [];
  for (const entry of CATALOGUE) {
    entry.colors.forEach(({ color, photos }, i) => {
      const slug = `${entry.brand}-${entry.model}`
        .toUpperCase()
        .normalize("NFD")
        .replace(/[^A-Z0-9]+/g, "")
        .slice(0, 8);
      list.push({
        referenceCode: `${slug}-${String(i + 1).padStart(2, "0")}`,
        brand: entry.brand,
        model: entry.model,
        color,
        category: entry.category,
        unitPrice: entry.price,
        boxPrice: entry.price * 10 * 0.85,
        photoFolder: entry.photoFolder,
        photos: photos.map(photoFile),
        sizes: entry.brand === "Adidas" && entry.model === "Yeezy Slide" ? US_SIZES : EU_SIZES,
      });
    });
  }
  return list.slice(0, count);
}

/** Small deterministic PRNG so the demo stock is the same on every machine. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function ensurePlans(db: Db) {
  await db
    .insert(plans)
    .values(DEMO_PLANS.map((p) => ({ ...p, features: { ...p.features } })))
    .onConflictDoNothing({ target: plans.planCode });
}

async function ensureUser(
  db: Db,
  seed: UserSeed,
  companyId: number | null,
  locationIds: Map<string, number>,
): Promise<{ id: number; created: boolean }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, seed.email)).limit(1);
  if (existing) return { id: existing.id, created: false };
  const [row] = await db
    .insert(users)
    .values({
      email: seed.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: seed.firstName,
      lastName: seed.lastName,
      role: seed.role,
      companyId,
      locationId: seed.location ? (locationIds.get(seed.location) ?? null) : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`no se pudo crear ${seed.email}`);
  return { id: row.id, created: true };
}

async function ensureCompany(db: Db, seed: CompanySeed) {
  const plan = DEMO_PLANS.find((p) => p.planCode === seed.plan) ?? DEMO_PLANS[0];
  await db
    .insert(companies)
    .values({
      name: seed.name,
      subdomain: seed.subdomain,
      email: seed.email,
      legalName: seed.legalName,
      taxId: seed.taxId,
      phone: seed.phone,
      subscriptionPlan: plan.planCode,
      subscriptionStatus: "active",
      maxLocations: plan.maxLocations,
      maxEmployees: plan.maxEmployees,
      pricePerLocation: plan.pricePerLocation,
      monthlyCost: plan.pricePerLocation * seed.locations.length,
      nextBillingDate: firstOfNextMonth(new Date()),
    })
    .onConflictDoNothing({ target: companies.subdomain });
  const [company] = await db.select().from(companies).where(eq(companies.subdomain, seed.subdomain)).limit(1);
  if (!company) throw new Error(`no se pudo crear ${seed.subdomain}`);
  return company;
}

function firstOfNextMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return d.toISOString().slice(0, 10);
}

/** Creates the company's missing seed locations; returns name → id for all of them. */
async function ensureLocations(db: Db, companyId: number, seeds: LocationSeed[]) {
  const existing = await db.select().from(locations).where(eq(locations.companyId, companyId));
  const byName = new Map(existing.map((l) => [l.name, l.id]));
  for (const seed of seeds) {
    if (byName.has(seed.name)) continue;
    const [row] = await db
      .insert(locations)
      .values({ companyId, ...seed, capacity: seed.capacity ?? null })
      .returning({ id: locations.id });
    if (row) byName.set(seed.name, row.id);
  }
  return byName;
}

export type CatalogResult = { productsCreated: number; stockRows: number; productIds: Map<string, number> };

/**
 * Adds the demo catalogue to a company's existing locations. Products that already exist
 * (same reference code) are left alone, so running it twice adds nothing.
 */
export async function seedCatalog(
  db: Db,
  companyId: number,
  targetLocations: { id: number; type: "local" | "bodega" }[],
  count: number,
  userId: number | null,
): Promise<CatalogResult> {
  const catalogue = demoProducts(count);
  const existing = await db
    .select({ id: products.id, ref: products.referenceCode })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        inArray(
          products.referenceCode,
          catalogue.map((p) => p.referenceCode),
        ),
      ),
    );
  const productIds = new Map(existing.map((p) => [p.ref, p.id]));
  const random = mulberry32(companyId * 7919);
  let productsCreated = 0;
  let stockRows = 0;
  for (const item of catalogue) {
    if (productIds.has(item.referenceCode)) continue;
    const [row] = await db
      .insert(products)
      .values({
        companyId,
        referenceCode: item.referenceCode,
        brand: item.brand,
        model: item.model,
        color: item.color,
        category: item.category,
        description: `${item.brand} ${item.model} ${item.color}`,
        unitPrice: toCentavos(item.unitPrice),
        boxPrice: toCentavos(item.boxPrice),
      })
      .onConflictDoNothing()
      .returning({ id: products.id });
    if (!row) continue;
    productIds.set(item.referenceCode, row.id);
    productsCreated++;
    const statements = [];
    for (const loc of targetLocations) {
      for (const size of item.sizes) {
        const warehouse = loc.type === "bodega";
        const pairs = Math.floor(random() * (warehouse ? 9 : 4));
        // Stores keep some single feet (from exhibition and broken pairs) to form pairs from.
        const single = !warehouse && random() < 0.12;
        const left = single && random() < 0.5 ? 1 : 0;
        const right = single && left === 0 ? 1 : 0;
        const exhibition = !warehouse && random() < 0.25 ? 1 : 0;
        if (pairs + left + right + exhibition === 0) continue;
        statements.push(
          ...stockChangeStatements(db, {
            companyId,
            productId: row.id,
            locationId: loc.id,
            size,
            delta: { pairs, left, right, exhibition },
            reason: "entry",
            userId,
            entryRef: "demo-seed",
            notes: "Inventario inicial de demostración",
          }),
        );
        stockRows++;
      }
    }
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
  }
  return { productsCreated, stockRows, productIds };
}

type SeedSale = {
  sellerEmail: string;
  items: { ref: string; size: string; quantity: number }[];
  payments: { type: "efectivo" | "tarjeta" | "transferencia"; share: number; reference?: string }[];
  daysAgo: number;
  requiresConfirmation: boolean;
  confirmed: boolean;
};

const DEMO_SALES: SeedSale[] = [
  {
    sellerEmail: "vendedor@demo.horma.co",
    items: [{ ref: "NIKEAIRM-01", size: "40", quantity: 1 }],
    payments: [{ type: "efectivo", share: 1 }],
    daysAgo: 0,
    requiresConfirmation: false,
    confirmed: true,
  },
  {
    sellerEmail: "vendedor@demo.horma.co",
    items: [
      { ref: "ADIDASSU-01", size: "38", quantity: 1 },
      { ref: "VANSAUTH-01", size: "38", quantity: 1 },
    ],
    payments: [
      { type: "tarjeta", share: 0.6, reference: "****4821" },
      { type: "efectivo", share: 0.4 },
    ],
    daysAgo: 0,
    requiresConfirmation: true,
    confirmed: false,
  },
  {
    sellerEmail: "vendedor@demo.horma.co",
    items: [{ ref: "CONVERSE-01", size: "37", quantity: 1 }],
    payments: [{ type: "transferencia", share: 1, reference: "NEQUI-778812" }],
    daysAgo: 1,
    requiresConfirmation: false,
    confirmed: true,
  },
  {
    sellerEmail: "vendedor2@demo.horma.co",
    items: [{ ref: "NEWBALAN-01", size: "42", quantity: 1 }],
    payments: [{ type: "efectivo", share: 1 }],
    daysAgo: 0,
    requiresConfirmation: false,
    confirmed: true,
  },
  {
    sellerEmail: "vendedor2@demo.horma.co",
    items: [{ ref: "REEBOKCL-01", size: "41", quantity: 1 }],
    payments: [{ type: "tarjeta", share: 1, reference: "****1234" }],
    daysAgo: 3,
    requiresConfirmation: false,
    confirmed: true,
  },
];

type SeedTransfer = {
  ref: string;
  size: string;
  status: "pending" | "accepted" | "courier_assigned" | "in_transit" | "delivered" | "completed" | "cancelled";
  purpose: "cliente" | "restock" | "pair_formation";
  pickupType: "corredor" | "vendedor";
  footSide?: "left" | "right";
  minutesAgo: number;
};

const DEMO_TRANSFERS: SeedTransfer[] = [
  { ref: "NIKECORT-01", size: "39", status: "pending", purpose: "cliente", pickupType: "corredor", minutesAgo: 12 },
  { ref: "ASICSGEL-01", size: "41", status: "pending", purpose: "restock", pickupType: "vendedor", minutesAgo: 40 },
  { ref: "ADIDASFO-01", size: "40", status: "accepted", purpose: "cliente", pickupType: "corredor", minutesAgo: 25 },
  {
    ref: "NIKEAIRM-02",
    size: "42",
    status: "courier_assigned",
    purpose: "cliente",
    pickupType: "corredor",
    minutesAgo: 35,
  },
  { ref: "NEWBALAN-02", size: "38", status: "in_transit", purpose: "cliente", pickupType: "corredor", minutesAgo: 55 },
  { ref: "CONVERSE-02", size: "36", status: "delivered", purpose: "restock", pickupType: "corredor", minutesAgo: 80 },
  { ref: "VANSAUTH-02", size: "40", status: "completed", purpose: "cliente", pickupType: "corredor", minutesAgo: 150 },
  { ref: "REEBOKCL-02", size: "39", status: "cancelled", purpose: "restock", pickupType: "vendedor", minutesAgo: 200 },
  {
    ref: "ADIDASSU-02",
    size: "41",
    status: "pending",
    purpose: "pair_formation",
    pickupType: "corredor",
    footSide: "left",
    minutesAgo: 8,
  },
];

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

/** `minutes` before now, but never before the start of today in Bogotá: "today's" demo rows stay today. */
function earlierToday(now: Date, minutes: number): string {
  const dayStart = Date.parse(bogotaDayRange(bogotaDate(now)).start);
  return new Date(Math.max(dayStart + 60_000, now.getTime() - minutes * 60_000)).toISOString();
}

async function seedSales(
  db: Db,
  companyId: number,
  userIds: Map<string, number>,
  locationOf: Map<number, number>,
  productIds: Map<string, number>,
  now: Date,
) {
  const productRows = await db.select().from(products).where(eq(products.companyId, companyId));
  const byRef = new Map(productRows.map((p) => [p.referenceCode, p]));
  for (const [index, seed] of DEMO_SALES.entries()) {
    const sellerId = userIds.get(seed.sellerEmail);
    const locationId = sellerId ? locationOf.get(sellerId) : undefined;
    if (!sellerId || !locationId) continue;
    const lines = seed.items.map((item) => ({ ...item, product: byRef.get(item.ref) }));
    if (lines.some((l) => !l.product || !productIds.has(l.ref))) continue;
    const total = lines.reduce((acc, l) => acc + (l.product?.unitPrice ?? 0) * l.quantity, 0);
    const key = `demo-sale-${index + 1}`;
    const when =
      seed.daysAgo === 0
        ? earlierToday(now, 30 + index * 17)
        : minutesBefore(now, seed.daysAgo * 24 * 60 + 30 + index * 17);
    // Make sure the sold pairs exist so the demo sale never fails on stock.
    const topUps = lines.flatMap((l) =>
      stockChangeStatements(db, {
        companyId,
        productId: l.product?.id ?? 0,
        locationId,
        size: l.size,
        delta: { pairs: l.quantity },
        reason: "entry",
        entryRef: "demo-seed",
        userId: sellerId,
      }),
    );
    const [sale] = await db
      .insert(sales)
      .values({
        companyId,
        sellerId,
        locationId,
        subtotalAmount: total,
        totalAmount: total,
        saleDate: when,
        createdAt: when,
        requiresConfirmation: seed.requiresConfirmation,
        confirmed: seed.confirmed,
        confirmedAt: seed.confirmed ? when : null,
        confirmedBy: seed.confirmed ? sellerId : null,
        idempotencyKey: key,
      })
      .onConflictDoNothing()
      .returning({ id: sales.id });
    if (!sale) continue;
    let assigned = 0;
    const payments = seed.payments.map((p, i) => {
      const amount = i === seed.payments.length - 1 ? total - assigned : Math.round((total * p.share) / 100) * 100;
      assigned += amount;
      return {
        companyId,
        saleId: sale.id,
        paymentType: p.type,
        amount,
        reference: p.reference ?? null,
        createdAt: when,
      };
    });
    const [firstTopUp, ...restTopUps] = topUps;
    if (!firstTopUp) continue;
    await db.batch([
      firstTopUp,
      ...restTopUps,
      db.insert(saleItems).values(
        lines.map((l) => ({
          companyId,
          saleId: sale.id,
          productId: l.product?.id ?? null,
          sneakerReferenceCode: l.ref,
          brand: l.product?.brand ?? "",
          model: l.product?.model ?? "",
          color: l.product?.color ?? null,
          size: l.size,
          quantity: l.quantity,
          unitPrice: l.product?.unitPrice ?? 0,
          subtotal: (l.product?.unitPrice ?? 0) * l.quantity,
        })),
      ),
      db.insert(salePayments).values(payments),
      ...rollupStatements(
        db,
        {
          companyId,
          day: bogotaDate(new Date(when)),
          locationId,
          sellerId,
          totalAmount: total,
          lines: lines.map((l) => ({
            referenceCode: l.ref,
            brand: l.product?.brand ?? "",
            model: l.product?.model ?? "",
            quantity: l.quantity,
            subtotal: (l.product?.unitPrice ?? 0) * l.quantity,
          })),
          payments: payments.map((p) => ({ paymentType: p.paymentType, amount: p.amount })),
        },
        1,
      ),
      ...lines.flatMap((l) =>
        stockChangeStatements(db, {
          companyId,
          productId: l.product?.id ?? 0,
          locationId,
          size: l.size,
          delta: { pairs: -l.quantity },
          reason: "sale",
          saleId: sale.id,
          userId: sellerId,
        }),
      ),
    ]);
  }
}

async function seedTransfers(
  db: Db,
  companyId: number,
  userIds: Map<string, number>,
  locationIds: Map<string, number>,
  now: Date,
) {
  const sellerId = userIds.get("vendedor@demo.horma.co");
  const keeperId = userIds.get("bodega@demo.horma.co");
  const courierId = userIds.get("corredor@demo.horma.co");
  const source = locationIds.get("Bodega Principal");
  const destination = locationIds.get("Local Centro");
  if (!sellerId || !keeperId || !courierId || !source || !destination) return;
  const productRows = await db.select().from(products).where(eq(products.companyId, companyId));
  const byRef = new Map(productRows.map((p) => [p.referenceCode, p]));
  const order = ["pending", "accepted", "courier_assigned", "in_transit", "delivered", "completed"];
  for (const seed of DEMO_TRANSFERS) {
    const product = byRef.get(seed.ref);
    if (!product) continue;
    const reached = (status: string) =>
      seed.status !== "cancelled" && order.indexOf(seed.status) >= order.indexOf(status);
    const at = (offset: number) => minutesBefore(now, seed.minutesAgo - offset);
    const single = seed.footSide !== undefined;
    const unit = single ? (seed.footSide === "left" ? { left: 1 } : { right: 1 }) : { pairs: 1 };
    const [row] = await db
      .insert(transferRequests)
      .values({
        companyId,
        requesterId: sellerId,
        sourceLocationId: source,
        destinationLocationId: destination,
        productId: product.id,
        sneakerReferenceCode: product.referenceCode,
        brand: product.brand,
        model: product.model,
        color: product.color,
        size: seed.size,
        quantity: 1,
        transferType: single ? "single_foot" : "pair",
        footSide: seed.footSide ?? null,
        inventoryType: single ? (seed.footSide === "left" ? "left_only" : "right_only") : "pair",
        purpose: seed.purpose,
        pickupType: seed.pickupType,
        priority: seed.purpose === "cliente" || single ? "high" : "normal",
        status: seed.status,
        notes: "Solicitud de demostración",
        requestedAt: at(0),
        warehouseKeeperId: reached("accepted") ? keeperId : null,
        acceptedAt: reached("accepted") ? at(3) : null,
        estimatedPreparationTime: reached("accepted") ? (seed.purpose === "cliente" ? 10 : 15) : null,
        courierId: reached("courier_assigned") ? courierId : null,
        courierAcceptedAt: reached("courier_assigned") ? at(6) : null,
        estimatedPickupTime: reached("courier_assigned") ? 15 : null,
        pickedUpAt: reached("in_transit") ? at(12) : null,
        deliveredAt: reached("delivered") ? at(30) : null,
        deliverySuccessful: reached("delivered") ? true : null,
        completedAt: reached("completed") ? at(35) : null,
        receivedQuantity: reached("completed") ? 1 : null,
        conditionOk: reached("completed") ? true : null,
        cancelledAt: seed.status === "cancelled" ? at(5) : null,
        cancelledBy: seed.status === "cancelled" ? sellerId : null,
        cancellationReason: seed.status === "cancelled" ? "Cancelada por el vendedor" : null,
      })
      .returning({ id: transferRequests.id });
    if (!row) continue;
    // Stock leaves the source at hand-over (in_transit) and enters the destination on confirmation.
    const moves: BatchItem<"sqlite">[] = [
      ...stockChangeStatements(db, {
        companyId,
        productId: product.id,
        locationId: source,
        size: seed.size,
        delta: unit,
        reason: "entry",
        entryRef: "demo-seed",
        userId: keeperId,
      }),
    ];
    if (reached("accepted") && !reached("in_transit")) {
      // Accepted and not yet handed over: the unit is reserved for this request (45 min).
      await db
        .update(transferRequests)
        .set({ reservedUntil: minutesBefore(now, seed.minutesAgo - 3 - 45) })
        .where(eq(transferRequests.id, row.id));
      moves.push(
        db
          .update(inventory)
          .set(
            single
              ? seed.footSide === "left"
                ? { reservedLeft: sql`${inventory.reservedLeft} + 1` }
                : { reservedRight: sql`${inventory.reservedRight} + 1` }
              : { reservedPairs: sql`${inventory.reservedPairs} + 1` },
          )
          .where(
            and(eq(inventory.productId, product.id), eq(inventory.locationId, source), eq(inventory.size, seed.size)),
          ),
      );
    }
    if (reached("in_transit")) {
      const out = Object.fromEntries(Object.entries(unit).map(([k, v]) => [k, -v]));
      moves.push(
        ...stockChangeStatements(db, {
          companyId,
          productId: product.id,
          locationId: source,
          size: seed.size,
          delta: out,
          reason: "transfer_out",
          transferId: row.id,
          userId: keeperId,
        }),
      );
    }
    if (reached("completed")) {
      moves.push(
        ...stockChangeStatements(db, {
          companyId,
          productId: product.id,
          locationId: destination,
          size: seed.size,
          delta: unit,
          reason: "transfer_in",
          transferId: row.id,
          userId: sellerId,
        }),
      );
    }
    const [first, ...rest] = moves;
    if (first) await db.batch([first, ...rest]);
  }
}

async function seedSellerExtras(
  db: Db,
  companyId: number,
  userIds: Map<string, number>,
  locationOf: Map<number, number>,
  locationIds: Map<string, number>,
  now: Date,
) {
  const sellerId = userIds.get("vendedor@demo.horma.co");
  if (!sellerId) return;
  const locationId = locationOf.get(sellerId) ?? null;
  // The administrador's minimum-stock alerts: Local Centro wants at least 12 pairs of each product, the
  // main warehouse 30; elsewhere "poco stock" is the default (domain/low-stock.ts).
  const adminId = userIds.get("admin@demo.horma.co") ?? null;
  const principal = locationIds.get("Bodega Principal");
  if (locationId && principal) {
    await db.insert(inventoryAlerts).values([
      {
        companyId,
        locationId,
        alertType: "inventario_minimo",
        thresholdValue: 12,
        notificationEmails: ["admin@demo.horma.co"],
        createdBy: adminId,
      },
      {
        companyId,
        locationId: principal,
        alertType: "inventario_minimo",
        thresholdValue: 30,
        notificationEmails: ["bodega@demo.horma.co"],
        createdBy: adminId,
      },
    ]);
  }
  await db
    .insert(expenses)
    .values([
      {
        companyId,
        userId: sellerId,
        locationId,
        concept: "Bolsas de empaque",
        amount: toCentavos(18_500),
        notes: "Paquete de 100 unidades",
        createdAt: earlierToday(now, 90),
        idempotencyKey: "demo-expense-1",
      },
      {
        companyId,
        userId: sellerId,
        locationId,
        concept: "Transporte mensajería",
        amount: toCentavos(12_000),
        createdAt: earlierToday(now, 45),
        idempotencyKey: "demo-expense-2",
      },
    ])
    .onConflictDoNothing();
  await db.insert(discountRequests).values([
    {
      companyId,
      sellerId,
      locationId,
      amount: toCentavos(30_000),
      reason: "Cliente frecuente, compra de dos pares",
      status: "pending",
      createdAt: minutesBefore(now, 20),
    },
    {
      companyId,
      sellerId,
      locationId,
      amount: toCentavos(15_000),
      reason: "Caja con detalle de fábrica",
      status: "approved",
      adminNotes: "Aprobado",
      reviewedAt: minutesBefore(now, 200),
      createdAt: minutesBefore(now, 240),
    },
  ]);
}

export type SeedSummary = {
  companies: Record<
    string,
    { id: number; productsCreated: number; stockRows: number; usersCreated: number; history?: HistorySummary }
  >;
};

export type SeedOptions = {
  /**
   * 90 days of sales, transfers, returns, expenses and costs for the demo company (seed-history.ts).
   * `npm start` loads it; the API tests keep the lean demo (one test seeds the history itself).
   */
  history?: boolean;
};

async function seedCompany(db: Db, seed: CompanySeed, full: boolean, now: Date) {
  const company = await ensureCompany(db, seed);
  const locationIds = await ensureLocations(db, company.id, seed.locations);
  const userIds = new Map<string, number>();
  const locationOf = new Map<number, number>();
  let usersCreated = 0;
  for (const u of seed.users) {
    const { id, created } = await ensureUser(db, u, company.id, locationIds);
    userIds.set(u.email, id);
    if (created) usersCreated++;
    const locId = u.location ? locationIds.get(u.location) : undefined;
    if (locId) locationOf.set(id, locId);
  }
  const adminId = [...userIds.values()][0] ?? null;
  const targetLocations = seed.locations.flatMap((l) => {
    const id = locationIds.get(l.name);
    return id ? [{ id, type: l.type }] : [];
  });
  const catalog = await seedCatalog(db, company.id, targetLocations, seed.productCount, adminId);
  // Activity only on the first run: it is what makes reruns add nothing.
  if (full && catalog.productsCreated > 0) {
    await seedSales(db, company.id, userIds, locationOf, catalog.productIds, now);
    await seedTransfers(db, company.id, userIds, locationIds, now);
    await seedSellerExtras(db, company.id, userIds, locationOf, locationIds, now);
  }
  return { id: company.id, productsCreated: catalog.productsCreated, stockRows: catalog.stockRows, usersCreated };
}

/**
 * 90 days of history for the demo company (seed-history.ts), with its extra sellers. Runs once: a
 * company whose ledger already holds history entries gets nothing more.
 */
export async function seedDemoHistory(db: Db, now = new Date()): Promise<HistorySummary | null> {
  const seed = DEMO_COMPANY;
  const [company] = await db.select().from(companies).where(eq(companies.subdomain, seed.subdomain)).limit(1);
  if (!company) return null;
  const companyId = company.id;
  const [done] = await db.all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM stock_movements WHERE company_id = ${companyId} AND entry_ref = 'demo-historia'`,
  );
  if (Number(done?.n ?? 0) > 0) return null;
  const locationIds = await ensureLocations(db, companyId, seed.locations);
  for (const u of HISTORY_SELLERS) await ensureUser(db, u, companyId, locationIds);
  const staff = await db
    .select({ id: users.id, email: users.email, role: users.role, locationId: users.locationId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  const idOf = (email: string) => staff.find((u) => u.email === email)?.id;
  const keeperId = idOf("bodega@demo.horma.co");
  const courierId = idOf("corredor@demo.horma.co");
  const adminId = idOf("admin@demo.horma.co");
  if (!keeperId || !courierId || !adminId) return null;
  const sizes = new Map(demoProducts(seed.productCount).map((p) => [p.referenceCode, p.sizes]));
  const rows = await db.select().from(products).where(eq(products.companyId, companyId));
  const sellers = staff.filter((u) => u.role === "seller" && u.email.endsWith("@demo.horma.co"));
  const world: HistoryWorld = {
    companyId,
    stores: seed.locations.flatMap((l) => {
      const id = locationIds.get(l.name);
      if (!id || l.type !== "local") return [];
      return [{ id, name: l.name, sellerIds: sellers.filter((u) => u.locationId === id).map((u) => u.id) }];
    }),
    warehouses: seed.locations.flatMap((l) => {
      const id = locationIds.get(l.name);
      return id && l.type === "bodega" ? [{ id, keeperId }] : [];
    }),
    courierId,
    adminId,
    products: rows
      .filter((p) => sizes.has(p.referenceCode))
      .sort((a, b) => a.id - b.id)
      .map((p) => ({
        id: p.id,
        referenceCode: p.referenceCode,
        brand: p.brand,
        model: p.model,
        color: p.color,
        unitPrice: p.unitPrice,
        sizes: sizes.get(p.referenceCode) ?? [],
      })),
  };
  const summary = await seedHistory(db, world, now);
  // the catalogue's opening stock was there before the history began, not entered today (it would
  // make today's ledger, and the boss's "value at the start of the day", count the whole inventory)
  await db.run(
    sql`UPDATE stock_movements SET created_at = ${`${addDays(bogotaDate(now), -HISTORY_DAYS - 1)}T12:00:00.000Z`}
        WHERE company_id = ${companyId} AND entry_ref = 'demo-seed' AND notes = 'Inventario inicial de demostración'`,
  );
  return summary;
}

/**
 * Last month's invoice of a company, unpaid: its due date (15 days after the period starts) has
 * passed, so the console shows it overdue. One per company and period (UNIQUE), so reruns add nothing.
 */
async function ensureOverdueInvoice(db: Db, companyId: number, now: Date) {
  const period = monthPeriod(addDays(monthPeriod(bogotaDate(now)).start, -1));
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`COUNT(*)` })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)));
  if (!company) return;
  const count = Number(n);
  await db
    .insert(invoices)
    .values({
      companyId,
      invoiceNumber: invoiceNumber(period.start, companyId, 1),
      billingPeriodStart: period.start,
      billingPeriodEnd: period.end,
      locationsCount: count,
      pricePerLocation: company.pricePerLocation,
      totalAmount: count * company.pricePerLocation,
      dueDate: addDays(period.start, INVOICE_DUE_DAYS),
    })
    .onConflictDoNothing();
}

/** The whole demo world. Safe to run any number of times. */
export async function seedDemo(db: Db, now = new Date(), options: SeedOptions = {}): Promise<SeedSummary> {
  await ensurePlans(db);
  await ensureUser(db, { ...SUPERUSER, role: "superuser" }, null, new Map());
  const demo = await seedCompany(db, DEMO_COMPANY, true, now);
  const history = options.history ? await seedDemoHistory(db, now) : null;
  const other = await seedCompany(db, OTHER_COMPANY, false, now);
  await ensureOverdueInvoice(db, other.id, now);
  return { companies: { demo: history ? { ...demo, history } : demo, otra: other } };
}

/** Counts used by tests and the seed script's report. */
export async function demoCounts(db: Db) {
  const [row] = await db.all<{
    companies: number;
    users: number;
    products: number;
    inventory: number;
    sales: number;
    transfers: number;
  }>(sql`
    SELECT (SELECT COUNT(*) FROM companies) AS companies, (SELECT COUNT(*) FROM users) AS users,
           (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM inventory) AS inventory,
           (SELECT COUNT(*) FROM sales) AS sales, (SELECT COUNT(*) FROM transfer_requests) AS transfers`);
  return row;
}
