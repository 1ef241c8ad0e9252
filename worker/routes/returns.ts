import { Hono } from "hono";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import type { AppEnv } from "../env";
import { validate } from "../lib/validation";
import { createReturnResponse, ReturnBody } from "./transfers";

/** /api/v1/returns — a seller sends back what a completed transfer brought (spec 3 §7.4). */
export const returnsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .post("/request", validate("json", ReturnBody), async (c) => createReturnResponse(c, c.req.valid("json")));
