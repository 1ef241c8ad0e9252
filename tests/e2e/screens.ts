// Every screen of the six areas as the SPA names them (web/src/features/*/sections.ts, tabs.ts,
// seller/views.ts), the first of each list being the area's landing. Written here because this config's
// tests are not built with the SPA's JSX; the journeys that walk every screen read them from one place.
export const SELLER_VIEWS = [
  "dashboard",
  "scan",
  "new-sale",
  "today-sales",
  "expenses",
  "expenses-list",
  "transfers",
  "orders",
  "notifications",
  "till",
  "returns",
  "outbox",
  "reservations",
];
export const WAREHOUSE_TABS = ["pending", "preparation", "orders", "inventory", "counts", "stats", "returns", "notices"];
export const COURIER_TABS = ["available", "mine", "orders", "history", "stats"];
export const ADMIN_SECTIONS = [
  "dashboard",
  "users",
  "customers",
  "products",
  "inventory",
  "counts",
  "wholesale",
  "costs",
  "locations",
  "analytics",
  "notifications",
  "reports",
  "till",
  "settings",
  "numbering",
  "invoicing",
  "purchasing",
  "restock",
];
export const BOSS_SECTIONS = [
  "dashboard",
  "locations",
  "staff",
  "products",
  "inventory",
  "counts",
  "financial",
  "sales",
  "analytics",
];
export const SUPERUSER_TABS = [
  "overview",
  "companies",
  "bosses",
  "subscriptions",
  "invoices",
  "plans",
  "reports",
  "setup",
];
