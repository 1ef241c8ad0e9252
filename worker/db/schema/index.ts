// Every table, one file per context (docs/architecture.md): the platform's own tables live on the
// PLATFORM database, the rest on each company's shard (docs/sharding.md). Money columns hold integer
// centavos; timestamps are ISO-8601 UTC text; calendar dates are 'YYYY-MM-DD'.
export { ROLES, type Role, TRANSFER_STATUSES, type TransferStatus } from "../../../shared/constants";
export * from "./accounts";
export * from "./administration";
export * from "./catalogue";
export { newReceiptToken } from "./columns";
export * from "./fiscal";
export * from "./logistics";
export * from "./platform";
export * from "./purchasing";
export * from "./reliability";
export * from "./sales";
export * from "./scan";
export * from "./stock";
export * from "./storefront";
export * from "./till";
export * from "./wholesale";
