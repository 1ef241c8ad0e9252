import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { checkConfig } from "./config";
import type { AppEnv } from "./env";
import { ApiError } from "./lib/errors";
import { onError, onNotFound } from "./lib/http";
import { adminRoutes } from "./routes/admin";
import { adminPanelRoutes } from "./routes/admin/index";
import { authRoutes } from "./routes/auth";
import { bossRoutes } from "./routes/boss";
import { classifyRoutes } from "./routes/classify";
import { courierRoutes } from "./routes/courier";
import { discountsRoutes } from "./routes/discounts";
import { expensesRoutes } from "./routes/expenses";
import { filesRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { inventoryRoutes } from "./routes/inventory";
import { locationsRoutes } from "./routes/locations";
import { mayoreoRoutes } from "./routes/mayoreo";
import { notificationsRoutes } from "./routes/notifications";
import { publicRoutes } from "./routes/public";
import { returnsRoutes } from "./routes/returns";
import { salesRoutes } from "./routes/sales";
import { superadminRoutes } from "./routes/superadmin";
import { transfersRoutes } from "./routes/transfers";
import { vendorRoutes } from "./routes/vendor";
import { warehouseRoutes } from "./routes/warehouse";

export { TransferHub } from "./durable/transfer-hub";

const JSON_LIMIT = 1024 * 1024;
// Images are capped at 5 MB by their own check (with its message); this only stops absurd bodies.
const MULTIPART_LIMIT = 8 * 1024 * 1024;

const app = new Hono<AppEnv>();

app.use("*", requestId());
app.use(
  "*",
  secureHeaders({
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
/** Video entry carries a video of up to 40 MB; larger videos arrive in 10 MB parts. */
function bodyLimitFor(path: string, contentType: string): number {
  if (path.endsWith("/inventory/video-entry-distributed")) return 45 * 1024 * 1024;
  if (path.endsWith("/inventory/video-uploads/parts")) return 12 * 1024 * 1024;
  return contentType.startsWith("multipart/") ? MULTIPART_LIMIT : JSON_LIMIT;
}

app.use("/api/*", async (c, next) => {
  return bodyLimit({
    maxSize: bodyLimitFor(c.req.path, c.req.header("Content-Type") ?? ""),
    onError: () => {
      throw new ApiError(413, "La solicitud es demasiado grande");
    },
  })(c, next);
});

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
  .route("/api/v1/returns", returnsRoutes)
  .route("/api/v1/warehouse", warehouseRoutes)
  .route("/api/v1/courier", courierRoutes)
  .route("/api/v1/inventory", inventoryRoutes)
  .route("/api/v1/boss/boss", bossRoutes)
  .route("/api/v1/classify", classifyRoutes)
  .route("/api/v1/sales", salesRoutes)
  .route("/api/v1/expenses", expensesRoutes)
  .route("/api/v1/discounts", discountsRoutes)
  .route("/api/v1/notifications", notificationsRoutes)
  .route("/api/v1/mayoreo", mayoreoRoutes)
  .route("/api/v1/files", filesRoutes);

app.notFound(onNotFound);
app.onError(onError);

export type AppType = typeof routes;

export default app satisfies ExportedHandler<Env>;
