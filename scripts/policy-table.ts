// `npm run docs:access`: writes the route access policy (worker/auth/policy.ts) into docs/access.md.
import { readFileSync, writeFileSync } from "node:fs";
import { ACCESS_DOC, withPolicyTable } from "../worker/auth/policy-table";

writeFileSync(ACCESS_DOC, withPolicyTable(readFileSync(ACCESS_DOC, "utf8")));
console.log(`${ACCESS_DOC}: tabla de acceso escrita`);
