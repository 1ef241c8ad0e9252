import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import type { AppEnv } from "../env";

/**
 * Scalar's standalone bundle, served from our own assets (vite.config.ts copies it at build) instead of
 * its CDN: the reference works offline and under a CSP that only trusts this origin.
 */
export const SCALAR_BUNDLE_PATH = "/api-docs/scalar.js";

/** GET /api/docs — the interactive API reference, reading GET /api/v1/openapi.json. */
export function apiReference(c: Context<AppEnv>) {
  const nonce = crypto.randomUUID().replaceAll("-", "");
  c.header(
    "Content-Security-Policy",
    [
      "default-src 'none'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  return Scalar<AppEnv>({
    url: "/api/v1/openapi.json",
    pageTitle: "Horma API — referencia",
    cdn: SCALAR_BUNDLE_PATH,
    nonce,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    defaultOpenAllTags: false,
  })(c, async () => {});
}
