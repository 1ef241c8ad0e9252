import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { checkConfig } from "./config";
import { companySessions, everyCompanyDb, platformDatabases } from "./db/shards";
import { dailyAlerts } from "./domain/alerts/daily";
import { syncEveryGrant } from "./domain/platform/grant";
import { applyDueSubscriptionChanges } from "./domain/platform/subscriptions";
import { bogotaDate } from "./domain/shared/time";
import { expireWebReservations } from "./domain/storefront/web-reservations";
import type { AppEnv } from "./env";
import { ApiError } from "./lib/errors";
import { onError, onNotFound } from "./lib/http";
import { idempotency } from "./lib/idempotency";
import { NOT_AN_UPLOAD_ROUTE, uploadRouteFor } from "./lib/uploads";
import { buildOpenApiDocument } from "./openapi/document";
import { apiReference } from "./openapi/reference";
import { authRoutes } from "./routes/accounts/auth";
import { productsRoutes } from "./routes/catalogue/products";
import { adminRoutes } from "./routes/catalogue/test-data";
import { adminPanelRoutes } from "./routes/company/admin-panel";
import { locationsRoutes } from "./routes/company/locations";
import { courierRoutes } from "./routes/logistics/courier";
import { hubFor } from "./routes/logistics/hub";
import { notificationsRoutes } from "./routes/logistics/notifications";
import { returnsRoutes } from "./routes/logistics/returns";
import { transferOrdersRoutes } from "./routes/logistics/transfer-orders";
import { transfersRoutes } from "./routes/logistics/transfers";
import { warehouseRoutes } from "./routes/logistics/warehouse";
import { filesRoutes } from "./routes/platform/files";
import { healthRoutes } from "./routes/platform/health";
import { planRoutes } from "./routes/platform/plan";
import { superadminRoutes } from "./routes/platform/superadmin";
import { bossRoutes } from "./routes/reports/boss";
import { vendorRoutes } from "./routes/reports/vendor";
import { customersRoutes } from "./routes/sales/customers";
import { discountsRoutes } from "./routes/sales/discounts";
import { saleReturnsRoutes } from "./routes/sales/sale-returns";
import { salesRoutes } from "./routes/sales/sales";
import { classifyRoutes } from "./routes/scan/classify";
import { inventoryRoutes } from "./routes/stock/inventory";
import { stockAdjustmentsRoutes } from "./routes/stock/stock-adjustments";
import { stockCountsRoutes } from "./routes/stock/stock-counts";
import { stockPairsRoutes } from "./routes/stock/stock-pairs";
import { publicRoutes } from "./routes/storefront/public";
import { storeReservationsRoutes } from "./routes/storefront/store-reservations";
import { cashSessionsRoutes } from "./routes/till/cash-sessions";
import { expensesRoutes } from "./routes/till/expenses";
import { mayoreoRoutes } from "./routes/wholesale/mayoreo";

export { TransferHub } from "./durable/transfer-hub";

const JSON_LIMIT = 1024 * 1024;

const app = new Hono<AppEnv>();

app.use("*", requestId());
app.use(
  "*",
  secureHeaders({
    // a route's own stricter headers win (served files add `sandbox` to their CSP)
    overwrite: false,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "same-origin",
  }),
);
app.use("*", async (c, next) => {
  const config = checkConfig(c.env);
  if (!config.ok) {
    return c.json({ detail: "El servidor no está configurado correctamente. Contacta al soporte." }, 503);
  }
  await next();
});
/**
 * Files only go to the routes of UPLOAD_ROUTES, each with its own body limit (files have their own,
 * smaller limits with their own messages; this only stops absurd bodies); a multipart body anywhere
 * else is refused, so a route cannot start taking files without being listed there.
 */
function bodyLimitFor(method: string, path: string, contentType: string): number {
  const multipart = contentType.toLowerCase().startsWith("multipart/");
  const upload = uploadRouteFor(method, path);
  if (!upload) {
    if (multipart) throw new ApiError(415, NOT_AN_UPLOAD_ROUTE);
    return JSON_LIMIT;
  }
  return multipart || upload.body === "raw" ? upload.maxBodyBytes : JSON_LIMIT;
}

app.use("/api/*", async (c, next) => {
  return bodyLimit({
    maxSize: bodyLimitFor(c.req.method, c.req.path, c.req.header("Content-Type") ?? ""),
    onError: () => {
      throw new ApiError(
        413,
        c.req.path.includes("/catalogue/import/")
          ? "El archivo CSV supera 1 MB; divídelo en varios archivos"
          : "La solicitud es demasiado grande",
      );
    },
  })(c, next);
});

// the company database's session opens before the Idempotency-Key marks its writes
app.use("/api/v1/*", companySessions);
app.use("/api/v1/*", idempotency);

// One router per area. The doubled segments (/auth/auth, /admin/admin, /boss/boss) are the spec's own
// URLs, kept as its clients call them; /admin holds only the spec's create-test-data, /admin/admin the
// administrador's panel.
const routes = app
  .route("/", healthRoutes)
  .route("/api/v1", healthRoutes)
  .route("/api/v1/auth/auth", authRoutes)
  .route("/api/v1/superadmin", superadminRoutes)
  .route("/api/v1/locations", locationsRoutes)
  .route("/api/v1/admin", adminRoutes)
  .route("/api/v1/admin/admin", adminPanelRoutes)
  .route("/api/v1/public", publicRoutes)
  .route("/api/v1/vendor", vendorRoutes)
  .route("/api/v1/transfers", transfersRoutes)
  .route("/api/v1/transfer-orders", transferOrdersRoutes)
  .route("/api/v1/returns", returnsRoutes)
  .route("/api/v1/warehouse", warehouseRoutes)
  .route("/api/v1/courier", courierRoutes)
  .route("/api/v1/inventory/adjustments", stockAdjustmentsRoutes)
  .route("/api/v1/inventory/counts", stockCountsRoutes)
  .route("/api/v1/inventory/pairs", stockPairsRoutes)
  .route("/api/v1/inventory", inventoryRoutes)
  .route("/api/v1/products", productsRoutes)
  .route("/api/v1/boss/boss", bossRoutes)
  .route("/api/v1/classify", classifyRoutes)
  .route("/api/v1/sales", salesRoutes)
  .route("/api/v1/cash-sessions", cashSessionsRoutes)
  .route("/api/v1/sale-returns", saleReturnsRoutes)
  .route("/api/v1/customers", customersRoutes)
  .route("/api/v1/expenses", expensesRoutes)
  .route("/api/v1/discounts", discountsRoutes)
  .route("/api/v1/notifications", notificationsRoutes)
  .route("/api/v1/store-reservations", storeReservationsRoutes)
  .route("/api/v1/mayoreo", mayoreoRoutes)
  .route("/api/v1/plan", planRoutes)
  .route("/api/v1/files", filesRoutes);

let openApiDocument: ReturnType<typeof buildOpenApiDocument> | undefined;
app.get("/api/v1/openapi.json", async (c) => {
  openApiDocument ??= buildOpenApiDocument(app);
  return c.json(await openApiDocument);
});
app.get("/api/docs", apiReference);

app.notFound(onNotFound);
app.onError(onError);

export type AppType = typeof routes;

/** The daily trigger (05:00 UTC = midnight in Bogotá); the others run every quarter of an hour. */
const DAILY_CRON = "0 5 * * *";

/**
 * The Cron Triggers (wrangler.toml [triggers]). Every one releases the storefront reservations past
 * their time (each hold once: worker/domain/storefront/web-reservations/); the daily one also applies the
 * subscription changes whose effective date has come, as of the trigger's Bogotá calendar day, and writes the
 * day's alerts (numbering ranges about to expire, the daily digests) for the companies' hubs to send.
 */
export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const at = new Date(controller.scheduledTime);
  const today = bogotaDate(at);
  ctx.waitUntil(
    (async () => {
      const expired = await Promise.all(everyCompanyDb(env).map((db) => expireWebReservations(db, new Date())));
      const daily = controller.cron === DAILY_CRON;
      const d = platformDatabases(env);
      const changes = daily ? await applyDueSubscriptionChanges(d, today) : null;
      // every shard's copy of what the platform grants, again (a copy a failed request left behind heals)
      const grants = daily ? await syncEveryGrant(d) : null;
      // numbering ranges entering their last 30 days, and each digest company's summary of the day that ended;
      // each company's hub sends them (docs/alerts.md)
      const alerting = daily ? (await Promise.all(everyCompanyDb(env).map((db) => dailyAlerts(db, at)))).flat() : [];
      await Promise.all(alerting.map((companyId) => hubFor(env, companyId).sendAlerts(companyId)));
      console.log(
        JSON.stringify({
          cron: controller.cron,
          today,
          web_reservations_expired: expired.reduce((a, n) => a + n, 0),
          subscription_changes: changes,
          grants_synced: grants,
          alert_companies: alerting.length,
        }),
      );
    })(),
  );
}

// The Hono app is the module's handler object (tests read its route table): `fetch` is Hono's,
// `scheduled` sits next to it.
export default Object.assign(app, { scheduled }) satisfies ExportedHandler<Env>;
