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
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    user: AuthUser;
  };
}
