// The route access policy as the Markdown table of docs/access.md: who may call each route prefix, and
// what every non-public route answers to credentials that cannot be used. Written by
// `npm run docs:access`, checked by tests/domain/access-doc.test.ts.
import { CREDENTIAL_FAILURES, ROUTE_POLICY } from "./policy";

const ROLES = ["superuser", "administrador", "boss", "bodeguero", "seller", "corredor"] as const;

export const ACCESS_DOC = "docs/access.md";
export const ACCESS_START = "<!-- access:start -->";
export const ACCESS_END = "<!-- access:end -->";

export function policyTable(): string {
  const columns = [...ROLES, ...CREDENTIAL_FAILURES.map((f) => f.label)];
  const rows = ROUTE_POLICY.map(([prefix, access]) => {
    const roles = ROLES.map((role) =>
      access === "public" ? "público" : access === "authenticated" ? "✓" : access.includes(role) ? "✓" : "403",
    );
    const failures = CREDENTIAL_FAILURES.map((f) => (access === "public" ? "—" : String(f.status)));
    return `| \`${prefix}\` | ${[...roles, ...failures].join(" | ")} |`;
  });
  return [`| route prefix | ${columns.join(" | ")} |`, `|---|${columns.map(() => ":-:").join("|")}|`, ...rows].join(
    "\n",
  );
}

/** The document with its table replaced by the policy's (what `npm run docs:access` writes). */
export function withPolicyTable(doc: string): string {
  const start = doc.indexOf(ACCESS_START);
  const end = doc.indexOf(ACCESS_END);
  if (start < 0 || end < start) throw new Error(`${ACCESS_DOC}: no ${ACCESS_START} … ${ACCESS_END}`);
  return `${doc.slice(0, start + ACCESS_START.length)}\n${policyTable()}\n${doc.slice(end)}`;
}
