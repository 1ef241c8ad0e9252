import type { AvailableLocation } from "../../web/src/api/admin-schemas";
import { signIn } from "./helpers";

export const ADMIN_ID = 2;

export function signInAdmin() {
  signIn({
    id: ADMIN_ID,
    name: "Andrés Gómez",
    email: "admin@demo.horma.co",
    role: "administrador",
    token: "tok-admin",
    token_type: "bearer",
    location_id: null,
    company_name: "Calzado Horma Demo",
    location_name: null,
  });
}

export const LOCATIONS: AvailableLocation[] = [
  { id: 1, name: "Local Centro", type: "local" },
  { id: 4, name: "Bodega Principal", type: "bodega" },
];

/** The JSON body a mocked fetch call was made with. */
export function jsonBody(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body ?? "null"));
}
