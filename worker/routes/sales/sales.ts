import { Hono } from "hono";
import { sellerActor } from "../../auth/actor";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import {
  confirmSale,
  createSale,
  createSaleFromTransfer,
  daySummary,
  type SaleDto,
  salesAndReturnsOfDay,
  salesOfDay,
} from "../../domain/sales/index";
import { authorizePriceOverride, NO_PIN_SET, WRONG_PIN } from "../../domain/sales/price-authority";
import { bogotaDate } from "../../domain/shared/time";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { newObjectKey, readImageUpload } from "../../lib/uploads";
import { validate, validateBody } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { drainOutboxesSoon } from "../logistics/hub";

import {
  ConfirmBody,
  CreateSale,
  idempotencyKey,
  PriceOverrideBody,
  SaleFromTransfer,
  SellerLocationQuery,
} from "./sale-bodies";

function saleResponse(sale: SaleDto, message: string) {
  return {
    success: true,
    message,
    sale_id: sale.id,
    sale_details: {
      total_amount: sale.total_amount,
      subtotal_amount: sale.subtotal_amount,
      discount_amount: sale.discount_amount,
      items_count: sale.items_count,
      items: sale.items,
      // base and IVA per class (shelf prices include the IVA)
      taxes: sale.taxes,
      payment_methods: sale.payment_methods,
      notes: sale.notes,
      transfer_id: sale.transfer_id,
      // the printable receipt the customer gets: /recibo/<token>
      receipt_token: sale.receipt_token,
      // its DIAN number with prefix; null for a non-fiscal document
      fiscal_number: sale.fiscal_number,
    },
    customer: sale.customer,
    status_info: {
      status: sale.status,
      requires_confirmation: sale.requires_confirmation,
      confirmed: sale.confirmed,
    },
    total_amount: sale.total_amount,
    status: sale.status,
    sale_timestamp: sale.sale_date,
    receipt_info: { has_receipt: sale.has_receipt, stored_in: sale.has_receipt ? "r2" : null, url: sale.receipt_image },
    seller_info: {
      seller_id: sale.seller_id,
      seller_name: sale.seller_name,
      location_id: sale.location_id,
      location_name: sale.location_name,
    },
  };
}

/** /api/v1/sales — seller area (spec 1 §7); administrador and superuser act at a named location. */
export const salesRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .post(
    "/create",
    doc("Registra una venta del local con sus productos, pagos y la foto del recibo opcional", {
      404: "La ubicación indicada (location_id), la solicitud de descuento o el cliente (customer_id) no existe o es de otra empresa",
      409: "El administrador no indicó la ubicación; no hay stock suficiente o la talla no existe en el local; el descuento no está aprobado o ya se usó; la autorización de precio ya se usó o venció; la clave de idempotencia es de otro vendedor; la caja del local se cerró mientras se registraba una venta con sold_at (reintentar)",
      413: "La foto del recibo pesa más de 5 MB",
      415: "La foto del recibo no es una imagen JPG, PNG, GIF o WebP",
      422: "La clave de idempotencia no es válida; una referencia no existe en el catálogo; un precio no es el del catálogo y no trae autorización; el total o los pagos no cuadran con los productos; sold_at no es una fecha ISO 8601 con zona, es más de 5 minutos futura o de hace más de 72 horas",
      503: "No se pudo guardar la foto del recibo (la venta no se registró)",
    }),
    validateBody(CreateSale),
    async (c) => {
      const { locationId, receiptImage, ...input } = c.req.valid("form");
      const seller = await sellerActor(c, locationId);
      const db = companyDb(c);
      const key = idempotencyKey(c.req.header("Idempotency-Key"), input.idempotencyKey);
      let receipt: { key: string; contentType: string } | null = null;
      if (receiptImage) {
        const image = await readImageUpload(receiptImage);
        const objectKey = newObjectKey(seller.companyId, "receipts/sales", image.type.ext);
        try {
          await c.env.FILES.put(objectKey, image.bytes, { httpMetadata: { contentType: image.type.mime } });
        } catch {
          throw new ApiError(
            503,
            "No se pudo guardar la foto del recibo. La venta no se registró; intenta nuevamente.",
          );
        }
        receipt = { key: objectKey, contentType: image.type.mime };
      }
      let sale: SaleDto;
      try {
        sale = await createSale(db, seller, { ...input, idempotencyKey: key, receipt });
      } catch (err) {
        // Nothing was recorded: do not keep an orphan receipt.
        if (receipt) await c.env.FILES.delete(receipt.key).catch(() => undefined);
        throw err;
      }
      if (receipt && sale.receipt_image !== `/api/v1/files/${receipt.key}`) {
        // An idempotent retry returned the earlier sale: this upload is not referenced.
        await c.env.FILES.delete(receipt.key).catch(() => undefined);
      }
      // the hub's alarm issues the sale's document and sends the alerts it raised (both outboxes)
      drainOutboxesSoon(c, seller.companyId);
      return c.json(saleResponse(sale, "Venta registrada exitosamente"), 201);
    },
  )
  .post(
    "/price-overrides",
    doc("Autoriza con el PIN de un administrador vender un producto a otro precio (una vez, por 30 minutos)", {
      403: WRONG_PIN,
      409: NO_PIN_SET,
      422: "El producto no existe o el precio es el mismo del catálogo",
      429: "Demasiados PIN incorrectos; espera 15 minutos",
    }),
    validate("json", PriceOverrideBody),
    async (c) => {
      const user = c.get("user");
      const override = await authorizePriceOverride(
        companyDb(c),
        { id: user.id, companyId: tenantId(c) },
        c.req.valid("json"),
      );
      return c.json({ success: true, message: `Precio autorizado por ${override.approved_by.name}`, override }, 201);
    },
  )
  .post(
    "/create-from-transfer",
    doc(
      "Vende pares que llegaron al local con una transferencia completada: los que se indiquen en quantity (por defecto, todos los que quedan)",
      {
        404: "La ubicación indicada (location_id) o la transferencia no existe",
        409: "El administrador no indicó la ubicación; la transferencia no fue recibida en el local, aún no se recibió, es una devolución, o no le quedan tantos pares por vender (ya se vendieron o van de vuelta); la clave de idempotencia es de otro vendedor",
        422: "La clave de idempotencia no es válida; la cantidad no es válida; el total no cuadra con los pagos o no es el precio de catálogo de los pares vendidos",
      },
    ),
    validate("query", SellerLocationQuery),
    validate("json", SaleFromTransfer),
    async (c) => {
      const input = c.req.valid("json");
      const seller = await sellerActor(c, c.req.valid("query").location_id);
      const sale = await createSaleFromTransfer(companyDb(c), seller, {
        ...input,
        idempotencyKey: idempotencyKey(c.req.header("Idempotency-Key"), input.idempotencyKey),
      });
      // the hub's alarm issues the sale's document and sends the alerts it raised (both outboxes)
      drainOutboxesSoon(c, seller.companyId);
      return c.json(saleResponse(sale, "Venta registrada exitosamente"), 201);
    },
  )
  .get(
    "/today",
    doc("Lista las ventas del día con su resumen: las propias (vendedor) o las de toda la empresa"),
    async (c) => {
      const user = c.get("user");
      const { list, returned } = await salesAndReturnsOfDay(
        companyDb(c),
        tenantId(c),
        user.role === "seller" ? user.id : null,
      );
      const summary = daySummary(list, returned);
      return c.json({
        success: true,
        message: "Ventas del día",
        timestamp: new Date().toISOString(),
        date: bogotaDate(),
        seller_info: { seller_id: user.id, seller_name: `${user.firstName} ${user.lastName}` },
        // the spec reads the day summary at the top level; `summary` keeps it grouped for Horma's screens
        ...summary,
        summary,
        sales: list,
      });
    },
  )
  .get("/pending-confirmation", doc("Reúne las ventas del día que esperan confirmación"), async (c) => {
    const user = c.get("user");
    const list = await salesOfDay(companyDb(c), tenantId(c), user.role === "seller" ? user.id : null);
    const pending = list.filter((s) => s.status === "completed" && s.requires_confirmation && !s.confirmed);
    return c.json({
      success: true,
      date: bogotaDate(),
      pending_sales: pending,
      count: pending.length,
      total_amount: pending.reduce((acc, s) => acc + Math.round(s.total_amount * 100), 0) / 100,
    });
  })
  .post(
    "/confirm",
    doc("Confirma una venta pendiente, o la rechaza y devuelve sus pares al inventario", {
      404: "La venta no existe, es de otra empresa o (para un vendedor) es de otro vendedor",
      409: "La venta no está pendiente de confirmación",
    }),
    validate("json", ConfirmBody),
    async (c) => {
      const input = c.req.valid("json");
      const user = c.get("user");
      const result = await confirmSale(companyDb(c), { id: user.id, companyId: tenantId(c), role: user.role }, input);
      return c.json({
        success: true,
        message: result.confirmed ? "Venta confirmada exitosamente" : "Venta rechazada; el inventario fue restaurado",
        sale_id: input.saleId,
        ...result,
      });
    },
  );
