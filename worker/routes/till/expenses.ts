import { Hono } from "hono";
import * as v from "valibot";
import { EXPENSE_AMOUNT_MIN, EXPENSE_CONCEPT_REQUIRED } from "../../../shared/messages";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { scopeLocation } from "../../auth/scope";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { toCentavos } from "../../domain/shared/money";
import { bogotaDate } from "../../domain/shared/time";
import { createExpense, expensesOfDay, type NewExpense, toExpenseDto } from "../../domain/till/expenses";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { newObjectKey, readImageUpload } from "../../lib/uploads";
import { fileField, numberLike, optionalText, validateBody } from "../../lib/validation";
import { doc } from "../../openapi/describe";

/** POST /expenses/create, as multipart (with the receipt photo) or JSON. */
export const CreateExpense = v.pipe(
  v.object({
    concept: v.pipe(
      v.string(EXPENSE_CONCEPT_REQUIRED),
      v.trim(),
      v.nonEmpty(EXPENSE_CONCEPT_REQUIRED),
      v.maxLength(200, "El concepto es demasiado largo"),
    ),
    amount: v.pipe(
      numberLike("El monto debe ser un número"),
      v.minValue(0.01, EXPENSE_AMOUNT_MIN),
      v.maxValue(1_000_000_000, "El monto es demasiado alto"),
    ),
    notes: optionalText(1000, "notas"),
    // when the drawer cannot pay it: an administrador's PIN and why
    admin_pin: optionalText(12, "PIN del administrador"),
    authorization_reason: optionalText(200, "motivo de la autorización"),
    idempotency_key: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(100))),
    receipt_image: fileField,
  }),
  // createExpense's input (the amount in centavos); the key and the stored photo are the route's to settle
  v.transform(
    (
      b,
    ): Omit<NewExpense, "idempotencyKey" | "receiptKey"> & {
      idempotencyKey: string | undefined;
      receiptImage: File | null | undefined;
    } => ({
      concept: b.concept,
      amountCentavos: toCentavos(b.amount),
      notes: b.notes,
      cover: { adminPin: b.admin_pin, reason: b.authorization_reason },
      idempotencyKey: b.idempotency_key,
      receiptImage: b.receipt_image,
    }),
  ),
);

/** /api/v1/expenses — a seller's expenses of the day, with an optional receipt photo in R2. */
export const expensesRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .post(
    "/create",
    doc("Registra un gasto del día, con la foto del recibo opcional", {
      403: "El PIN de administrador es incorrecto",
      409: "La caja no tiene el efectivo del gasto (un administrador puede cubrirlo con su PIN y un motivo)",
      503: "No se pudo guardar la foto del recibo (el gasto no se registró)",
    }),
    validateBody(CreateExpense),
    async (c) => {
      const { receiptImage, ...input } = c.req.valid("form");
      const user = c.get("user");
      const companyId = tenantId(c);
      let receiptKey: string | null = null;
      if (receiptImage) {
        const image = await readImageUpload(receiptImage);
        receiptKey = newObjectKey(companyId, "receipts/expenses", image.type.ext);
        try {
          await c.env.FILES.put(receiptKey, image.bytes, { httpMetadata: { contentType: image.type.mime } });
        } catch {
          throw new ApiError(
            503,
            "No se pudo guardar la foto del recibo. El gasto no se registró; intenta nuevamente.",
          );
        }
      }
      const key = c.req.header("Idempotency-Key")?.trim() || input.idempotencyKey || crypto.randomUUID();
      const { row, replayed } = await createExpense(
        companyDb(c),
        // a seller's drawer is their store's (403 without one); an administrador's their own location's, if any
        { id: user.id, companyId, locationId: scopeLocation(user) ?? user.locationId },
        { ...input, receiptKey, idempotencyKey: key },
      ).catch(async (err: unknown) => {
        if (receiptKey) await c.env.FILES.delete(receiptKey).catch(() => undefined);
        throw err;
      });
      if (replayed && receiptKey) await c.env.FILES.delete(receiptKey).catch(() => undefined);
      return c.json(
        { success: true, message: "Gasto registrado exitosamente", expense_id: row.id, expense: toExpenseDto(row) },
        replayed ? 200 : 201,
      );
    },
  )
  .get("/today", doc("Gastos del día: los propios (vendedor) o los de la empresa"), async (c) => {
    const user = c.get("user");
    const { list, summary } = await expensesOfDay(companyDb(c), tenantId(c), user.role === "seller" ? user.id : null);
    return c.json({ success: true, date: bogotaDate(), data: list, summary });
  });
