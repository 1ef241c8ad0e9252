import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { REFERENCE_CODE_REQUIRED, SIZE_REQUIRED, SOURCE_LOCATION_UNKNOWN } from "../../../shared/messages";
import { assertAccountUsable, assertTokenCurrent, loadAccount } from "../../auth/accounts";
import { sellerActor } from "../../auth/actor";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { assertScope } from "../../auth/scope";
import { readToken } from "../../auth/token";
import { appConfig } from "../../config";
import { transferRequests } from "../../db/schema";
import { accountsDb, companyDb } from "../../db/shards";
import type { NewTransfer } from "../../domain/logistics/transfer-ops/types";
import { loadTransfers } from "../../domain/logistics/transfer-views";
import type { AppEnv } from "../../env";
import { forbidden, unauthenticated } from "../../lib/errors";
import { pageInfo, pageQuery } from "../../lib/paging";
import { numberLike, optionalText, queryValue, requiredText, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { actorOf, created, hubFor } from "./hub";
import { createReturnResponse, ReturnBody } from "./transfer-return";

const positiveInt = (message: string) => v.pipe(numberLike(message), v.integer(message), v.minValue(1, message));

/** A page of the seller's own requests (50 unless told). */
export const MyRequestsQuery = v.object(pageQuery(50, 200));

export const TransferBody = v.pipe(
  v.object({
    source_location_id: v.optional(positiveInt(SOURCE_LOCATION_UNKNOWN), 0),
    // where the pairs go: always the seller's own store; an administrador names one of the company's
    destination_location_id: v.optional(v.nullable(positiveInt("La ubicación de destino no es válida"))),
    sneaker_reference_code: requiredText(REFERENCE_CODE_REQUIRED, 60),
    brand: v.optional(v.string()),
    model: v.optional(v.string()),
    size: v.pipe(
      v.union([v.string(), v.pipe(v.number(), v.transform(String))], SIZE_REQUIRED),
      v.transform((s) => s.trim()),
      v.nonEmpty(SIZE_REQUIRED),
      v.maxLength(10),
    ),
    quantity: v.optional(
      v.pipe(
        numberLike("La cantidad debe ser un número"),
        v.integer(),
        v.minValue(1, "La cantidad mínima es 1"),
        v.maxValue(100, "La cantidad es demasiado alta"),
      ),
      1,
    ),
    purpose: v.optional(
      v.picklist(["cliente", "restock", "pair_formation"], "El propósito debe ser cliente o restock"),
      "cliente",
    ),
    pickup_type: v.optional(
      v.picklist(["corredor", "vendedor"], "La recogida debe ser corredor o vendedor"),
      "corredor",
    ),
    destination_type: v.optional(v.picklist(["exhibicion", "bodega"], "El destino no es válido"), "exhibicion"),
    transfer_type: v.optional(v.string()),
    foot_side: v.optional(v.nullable(v.picklist(["left", "right"], "El pie debe ser left o right"))),
    notes: optionalText(1000, "notas"),
    request_notes: optionalText(1000, "notas"),
  }),
  // the hub's createTransfer input, and the destination the route checks; the foot is the one named
  // (transfer_type single_foot without foot_side asks for none)
  v.transform((b): NewTransfer & { destinationLocationId: number | null | undefined } => ({
    sourceLocationId: b.source_location_id,
    referenceCode: b.sneaker_reference_code,
    size: b.size,
    quantity: b.quantity,
    purpose: b.purpose,
    pickupType: b.pickup_type,
    destinationType: b.destination_type,
    footSide: b.foot_side ?? null,
    notes: b.notes ?? b.request_notes,
    destinationLocationId: b.destination_location_id,
  })),
);

type TransferInput = v.InferOutput<typeof TransferBody>;

async function requestTransfer(c: Context<AppEnv>, { destinationLocationId, ...transfer }: TransferInput) {
  const user = c.get("user");
  if (user.role === "seller" && destinationLocationId && destinationLocationId !== user.locationId)
    throw forbidden("Solo puedes solicitar transferencias hacia tu propio local");
  const seller = await sellerActor(c, destinationLocationId);
  if (!transfer.sourceLocationId) {
    return c.json({ detail: SOURCE_LOCATION_UNKNOWN }, 422);
  }
  const actor = actorOf(c);
  const view = await created(
    c,
    await hubFor(c.env, actor.companyId).createTransfer(actor, seller.locationId, transfer, c.get("idempotency")),
  );
  return c.json(
    { success: true, message: `Solicitud #${view.id} creada`, transfer_request_id: view.id, transfer: view },
    201,
  );
}

/** GET /live: browsers cannot set headers on a WebSocket, so the session token comes in the query string. */
export const LiveQuery = v.object({ token: v.optional(queryValue, "") });

/** GET /events: events after `since` (a sequence number; anything else reads from the start). */
export const EventsQuery = v.object({
  since: v.optional(
    v.pipe(
      queryValue,
      v.transform(Number),
      v.transform((n) => (Number.isFinite(n) ? n : 0)),
    ),
    "0",
  ),
});

/** /api/v1/transfers — seller requests (pairs, single feet, returns), their list, and the live feed. */
export const transfersRoutes = new Hono<AppEnv>()
  .get(
    "/live",
    doc(
      "Abre la conexión en vivo (WebSocket) con los cambios de las transferencias de la empresa",
      {
        401: "Falta el token en la consulta, es inválido o venció; la cuenta no existe o no es de una empresa",
        403: "La cuenta está desactivada; la empresa fue eliminada o está suspendida; un bodeguero o un vendedor no tiene su bodega o su local",
        426: "La solicitud no pide actualizar a WebSocket",
      },
      {
        description:
          "Responde 101 y cambia a WebSocket: el servidor envía cada cambio de una transferencia de la empresa",
      },
    ),
    validate("query", LiveQuery),
    async (c) => {
      const claims = await readToken(appConfig(c.env).jwtSecret, c.req.valid("query").token);
      if (!claims) throw unauthenticated("Sesión inválida o expirada. Inicia sesión nuevamente.");
      const account = await loadAccount(await accountsDb(c.env, claims.cid), claims.sub);
      if (!account || account.companyId === null) throw unauthenticated();
      assertTokenCurrent(claims, account);
      assertAccountUsable(account);
      assertScope(account);
      if (c.req.header("Upgrade") !== "websocket") return c.json({ detail: "Se esperaba un WebSocket" }, 426);
      const headers = new Headers(c.req.raw.headers);
      headers.set("X-Hub-user", String(account.id));
      headers.set("X-Hub-role", account.role);
      headers.set("X-Hub-location", String(account.locationId ?? ""));
      const upstream = await hubFor(c.env, account.companyId).fetch(new Request(c.req.raw.url, { headers }));
      // a fresh Response: the Durable Object's one has immutable headers, and middleware adds security headers
      return new Response(null, { status: upstream.status, webSocket: upstream.webSocket });
    },
  )
  .use(requireAuth)
  .get(
    "/events",
    doc("Recupera los eventos de transferencias de la empresa posteriores a un número de secuencia"),
    requireRole(...AREA_ROLES.companyStaff),
    validate("query", EventsQuery),
    async (c) => {
      const events = await hubFor(c.env, actorOf(c).companyId).eventsSince(c.req.valid("query").since);
      return c.json({ events });
    },
  )
  .post(
    "/request",
    doc("Crea una solicitud de transferencia de pares hacia el local del vendedor", {
      403: "Un vendedor pide la transferencia hacia un local que no es el suyo",
      404: "La ubicación de destino u origen no existe o es de otra empresa",
      409: "El administrador no indicó la ubicación de destino",
      422: "Falta la ubicación de origen o es la misma que la de destino; la referencia no existe en el catálogo",
    }),
    requireRole(...AREA_ROLES.seller),
    validate("json", TransferBody),
    async (c) => requestTransfer(c, c.req.valid("json")),
  )
  .post(
    "/request-single-foot",
    doc("Solicita un pie suelto (izquierdo o derecho) para formar un par en el local", {
      403: "Un vendedor pide la transferencia hacia un local que no es el suyo",
      404: "La ubicación de destino u origen no existe o es de otra empresa",
      409: "El administrador no indicó la ubicación de destino",
      422: "No se indicó el pie; falta la ubicación de origen o es la misma que la de destino; la referencia no existe en el catálogo",
    }),
    requireRole(...AREA_ROLES.seller),
    validate("json", TransferBody),
    async (c) => {
      const input = c.req.valid("json");
      if (!input.footSide) return c.json({ detail: "Indica el pie que necesitas (left o right)" }, 422);
      return requestTransfer(c, { ...input, purpose: "pair_formation" });
    },
  )
  .post(
    "/create-return",
    doc("Solicita la devolución a bodega de lo que trajo una transferencia completada", {
      404: "La transferencia original no existe o no es del vendedor",
      409: "La transferencia no está completada, es una devolución, ya se vendió o ya tiene una devolución abierta; no queda nada por devolver",
      422: "La cantidad está fuera del rango recibido; el motivo «other» no trae notas",
    }),
    requireRole(...AREA_ROLES.seller),
    validate("json", ReturnBody),
    async (c) => createReturnResponse(c, c.req.valid("json")),
  )
  .get(
    "/my-requests",
    doc(
      "Lista por páginas las solicitudes de transferencia hechas por el vendedor, la más reciente primero, y cuántas hay",
    ),
    requireRole(...AREA_ROLES.seller),
    validate("query", MyRequestsQuery),
    async (c) => {
      const actor = actorOf(c);
      const page = c.req.valid("query");
      const db = companyDb(c);
      const mine = and(eq(transferRequests.companyId, actor.companyId), eq(transferRequests.requesterId, actor.id));
      const [list, [counted]] = await Promise.all([
        loadTransfers(db, mine as SQL, page),
        db.select({ n: sql<number>`COUNT(*)` }).from(transferRequests).where(mine),
      ]);
      return c.json({ transfers: list, ...pageInfo(page, Number(counted?.n ?? 0)) });
    },
  );
