// The tables of a company shard (docs/sharding.md), and so what `migrations/company` creates
// (drizzle.company.config.ts reads this module): every context's tables, plus the company's own row and
// its plan as copied from the platform (syncGrant). Billing and the directory stay on the platform.
export * from "../schema/accounts";
export * from "../schema/administration";
export * from "../schema/catalogue";
export * from "../schema/fiscal";
export * from "../schema/logistics";
export { companies, plans } from "../schema/platform";
export * from "../schema/purchasing";
export * from "../schema/reliability";
export * from "../schema/sales";
export * from "../schema/scan";
export * from "../schema/stock";
export * from "../schema/storefront";
export * from "../schema/till";
export * from "../schema/wholesale";
