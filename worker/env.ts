import type { KeyHolder } from "./db/commit-mark";
import type { Role } from "./db/schema";

/** The authenticated caller, loaded from D1 on every request (deactivation is immediate). */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyId: number | null;
  locationId: number | null;
  /** the assigned location's name, read with the account (so it is as fresh as the account cache) */
  locationName: string | null;
  /** its kind and whether it is active: a bodeguero or a seller works only at an active one of theirs */
  locationType: "local" | "bodega" | null;
  locationActive: boolean | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    user: AuthUser;
    /** the Idempotency-Key this call holds, when it carries one (lib/idempotency.ts) */
    idempotency?: KeyHolder;
    /** the bearer token's claims, read once (null: no token, or it does not verify) (db/request-claims.ts) */
    claims?: import("./auth/token").TokenClaims | null;
    /** the caller's home database: their company's shard, null for a superuser (the platform) (db/shards.ts) */
    home?: string | null;
    /** this request's D1 session on its company's shard, once used (db/shards.ts) */
    d1Session?: { shard: string; session: D1DatabaseSession };
    /** that session as the request's queries use it: wrapped by the commit mark when a key is held */
    companyDatabase?: D1Database;
    /** the bench's count of this request's D1 calls (db/d1-trace.ts) */
    d1Trace?: import("./db/d1-trace").D1Trace;
  };
}
