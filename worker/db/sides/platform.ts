// The tables of the PLATFORM database (docs/sharding.md), and so what `migrations/platform` creates
// (drizzle.platform.config.ts reads this module). Plans, companies, accounts, login counters and the
// reliability tables exist on both sides: the platform keeps the superusers and the grant, a shard the
// company's users and its copy of the grant. `locations` stays empty here: the accounts' foreign key names
// it, and SQLite refuses any write to a table whose foreign key names a missing table.

export { locations, loginAttempts, users } from "../schema/accounts";
export { companies, companyDirectory, invoices, plans, subscriptionChanges, userDirectory } from "../schema/platform";
export { batchGuards, idempotencyKeys } from "../schema/reliability";
