// Prints the route access policy as a Markdown table (pasted into the README): who may call each route
// prefix, and what every non-public route answers to credentials that cannot be used.
import { CREDENTIAL_FAILURES, ROUTE_POLICY } from "../worker/auth/policy";

const ROLES = ["superuser", "administrador", "boss", "bodeguero", "seller", "corredor"] as const;
const columns = [...ROLES, ...CREDENTIAL_FAILURES.map((f) => f.label)];
console.log(`| route prefix | ${columns.join(" | ")} |`);
console.log(`|---|${columns.map(() => ":-:").join("|")}|`);
for (const [prefix, access] of ROUTE_POLICY) {
  const roles = ROLES.map((role) =>
    access === "public" ? "público" : access === "authenticated" ? "✓" : access.includes(role) ? "✓" : "403",
  );
  const failures = CREDENTIAL_FAILURES.map((f) => (access === "public" ? "—" : String(f.status)));
  console.log(`| \`${prefix}\` | ${[...roles, ...failures].join(" | ")} |`);
}
