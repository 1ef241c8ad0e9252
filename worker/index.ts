import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { checkConfig } from "./config";
import type { AppEnv } from "./env";
import { ApiError } from "./lib/errors";
import { onError, onNotFound } from "./lib/http";
import { adminRoutes } from "./routes/admin";
import { authRoutes } from "./routes/auth";
import { healthRoutes } from "./routes/health";
import { locationsRoutes } from "./routes/locations";
import { publicRoutes } from "./routes/public";
import { superadminRoutes } from "./routes/superadmin";

export { TransferHub } from "./durable/transfer-hub";

const JSON_LIMIT = 1024 * 1024;
const MULTIPART_LIMIT = 6 * 1024 * 1024;

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
app.use("/api/*", async (c, next) => {
  const multipart = (c.req.header("Content-Type") ?? "").startsWith("multipart/");
  return bodyLimit({
    maxSize: multipart ? MULTIPART_LIMIT : JSON_LIMIT,
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
  .route("/api/v1/public", publicRoutes);

app.notFound(onNotFound);
app.onError(onError);

export type AppType = typeof routes;

export default app satisfies ExportedHandler<Env>;
