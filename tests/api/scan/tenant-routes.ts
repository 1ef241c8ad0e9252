// Tenant isolation of the scan routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { form } from "../support/helpers";
import { A, type Entry, foreign, get, OK, P, post, scoped, unitVector } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  // scan
  "GET /api/v1/classify/catalog": [scoped("downloads its scan catalogue", () => get(`${P}/classify/catalog`))],
  "GET /api/v1/classify/enrolment": [
    scoped("lists its products without scan references", () => get(`${P}/classify/enrolment`), OK, "products"),
    scoped(
      "lists its products without references of the old model",
      () => get(`${P}/classify/enrolment?model_id=mobilenet_v1_0.75_224`),
      OK,
      "products",
    ),
  ],
  "POST /api/v1/classify/enroll/:productId": [
    foreign("enrols references for an A product", () =>
      post(`${P}/classify/enroll/${A.product}`, { vectors: [unitVector()] }),
    ),
  ],
  "POST /api/v1/classify/scan": [
    scoped("searches an A reference code", () => ({
      method: "POST",
      path: `${P}/classify/scan`,
      form: () => form({ reference_code: A.productRef }),
    })),
  ],
};
