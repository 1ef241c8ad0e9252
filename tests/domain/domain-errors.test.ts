// Domain refusals are typed (worker/domain/shared/errors.ts: a kind and a Spanish text) and become HTTP in one
// place (worker/lib/http.ts refusalOf). This walks worker/domain and refuses any file that reaches for
// HTTP itself (Hono, the HTTP layer's ApiError, lib/errors or lib/http), then checks the one mapping.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  conflict,
  type DomainError,
  forbidden,
  invalid,
  notFound,
  tooMany,
  unauthenticated,
} from "../../worker/domain/shared/errors";
import { refusalOf } from "../../worker/lib/http";
import { filesBelow } from "./source-files";

const ROOT = join(import.meta.dirname, "../..");

const sourceFiles = (dir: string) => filesBelow(dir, (name) => name.endsWith(".ts"));

const HTTP_IMPORT = /from "(hono(\/[^"]*)?|(\.\.?\/)+lib\/(errors|http))"/;

describe("domain errors", () => {
  it("no domain file knows HTTP: no Hono, no ApiError, no lib/errors or lib/http", () => {
    const offenders = sourceFiles(join(ROOT, "worker/domain")).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const what = [HTTP_IMPORT.test(text) && "an HTTP import", /\bApiError\b/.test(text) && "ApiError"].filter(
        Boolean,
      );
      return what.length ? [`${relative(ROOT, file)}: ${what.join(", ")}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it("each kind of refusal is answered with its status and headers, the text as the domain wrote it", () => {
    const answer = (err: DomainError) => {
      const refusal = refusalOf(err);
      return refusal && { status: refusal.status, detail: refusal.detail, headers: refusal.headers };
    };
    expect(answer(invalid("La cantidad mínima es 1"))).toEqual({
      status: 422,
      detail: "La cantidad mínima es 1",
      headers: {},
    });
    expect(answer(notFound())?.status).toBe(404);
    expect(answer(conflict("La caja está cerrada"))?.status).toBe(409);
    expect(answer(forbidden())?.status).toBe(403);
    expect(answer(unauthenticated())).toMatchObject({ status: 401, headers: { "WWW-Authenticate": "Bearer" } });
    expect(answer(tooMany("Demasiados intentos", 42))).toMatchObject({
      status: 429,
      headers: { "Retry-After": "42" },
    });
  });

  it("anything else is not a refusal: an unexpected error stays a 500", () => {
    expect(refusalOf(new Error("boom"))).toBeNull();
  });
});
