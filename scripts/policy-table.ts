// Prints the route access policy as a Markdown table (pasted into the README).
import { ROUTE_POLICY } from "../worker/auth/policy";

const ROLES = ["superuser", "administrador", "boss", "bodeguero", "seller", "corredor"] as const;
console.log(`| route prefix | ${ROLES.join(" | ")} |`);
console.log(`|---|${ROLES.map(() => ":-:").join("|")}|`);
for (const [prefix, access] of ROUTE_POLICY) {
  const cells = ROLES.map((role) =>
    access === "public" ? "público" : access === "authenticated" ? "✓" : access.includes(role) ? "✓" : "403",
  );
  console.log(`| \`${prefix}\` | ${cells.join(" | ")} |`);
}
