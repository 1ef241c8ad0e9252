// Company A's objects for the tenant-isolation suites: one of every kind a company-B call could reach.
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { assert } from "vitest";
import {
  companies,
  electronicDocuments,
  inventory,
  notifications,
  products,
  stockDiscrepancies,
  users,
} from "../../../worker/db/schema";
import { api, DEMO, db, jpeg, ok } from "./helpers";
import { A, type CompanyA, P, post, unitVector, webm } from "./tenant-cases";
import { asA, cloneTransfer, keyOf, keyOfRow, locationId, routesOf, seededTransfer, userId } from "./tenant-setup";

export async function setUpCompanyA() {
  const [demo] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
  A.id = demo?.id ?? 0;
  A.admin = (await db().select().from(users).where(eq(users.email, DEMO.administrador)))[0]?.id ?? 0;
  A.centro = await locationId("Local Centro");
  A.principal = await locationId("Bodega Principal");
  const chapinero = await locationId("Local Chapinero");
  // a storefront visitor of A (the showcase company) subscribes to its newsletter
  const subscribed = await api(`${P}/public/newsletter`, { method: "POST", json: { email: "secreto-a@cliente.co" } });
  if (subscribed.status !== 201) throw new Error(`newsletter: ${subscribed.status}`);
  // and leaves a message for one of its stores in the contact form
  const wrote = await api(`${P}/public/contact`, {
    method: "POST",
    json: {
      name: "VisitanteSecretoA",
      email: "secreto-a@cliente.co",
      phone: "3104445566",
      message: "MensajeSecretoA para el local del centro",
      location_id: A.centro,
    },
  });
  if (wrote.status !== 201) throw new Error(`contact: ${wrote.status}`);
  const [message] = await db().all<{ id: number }>(
    sql`SELECT id FROM contact_messages WHERE company_id = ${A.id} AND name = 'VisitanteSecretoA'`,
  );
  A.contactMessage = message?.id ?? 0;
  // a shopper reserves a published product of A's at Local Centro
  const [showcase] = await db()
    .select({ id: products.id, size: inventory.size })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(and(eq(inventory.companyId, A.id), eq(inventory.locationId, A.centro), sql`pairs - reserved_pairs > 1`))
    .limit(1);
  assert(showcase, "A has a pair to reserve at Local Centro");
  await env.FILES.put(`company/${A.id}/products/${showcase.id}/vitrina.jpg`, new Uint8Array([0xff, 0xd8, 0xff]));
  await db()
    .update(products)
    .set({ imageKey: `company/${A.id}/products/${showcase.id}/vitrina.jpg`, isPublished: true })
    .where(eq(products.id, showcase.id));
  const reservedA = await api(`${P}/public/reservations`, {
    method: "POST",
    json: {
      location_id: A.centro,
      name: "CompradoraSecretaA",
      phone: "3105556677",
      items: [{ product_id: showcase.id, size: showcase.size, quantity: 1 }],
    },
  });
  if (reservedA.status !== 201) throw new Error(`reservation: ${reservedA.status} ${await reservedA.text()}`);
  const [reservation] = await db().all<{ id: number }>(
    sql`SELECT id FROM web_reservations WHERE company_id = ${A.id} AND customer_name = 'CompradoraSecretaA'`,
  );
  A.webReservation = reservation?.id ?? 0;
  const webmFile = () => new File([webm()], "producto.webm", { type: "video/webm" });

  // a product with photo and video, stock at the store and the warehouse, and scan references
  A.productRef = "ASECRETA-REF-77";
  const adminA = await routesOf(DEMO.administrador);
  const entry = await ok(
    adminA.admin.admin.inventory["video-entry-distributed"].$post({
      form: {
        product_brand: "MarcaSecretaA",
        product_model: "ModeloSecretoA",
        unit_price: "250000",
        reference_code: A.productRef,
        reference_image: jpeg(),
        video_file: webmFile(),
        sizes_distribution_json: JSON.stringify([
          {
            size: "40",
            pairs: [
              { location_id: A.centro, quantity: 4 },
              { location_id: A.principal, quantity: 6 },
            ],
          },
        ]),
      },
    }),
    201,
  );
  A.product = entry.product_id;
  A.files = {
    productImage: keyOf(entry.image_url),
    productVideo: keyOf(entry.video_url),
  } as CompanyA["files"];
  await asA(DEMO.administrador, post(`${P}/classify/enroll/${A.product}`, { vectors: [unitVector()] }));

  // a sale that waits for confirmation, with its receipt
  const sellerA = await routesOf(DEMO.seller);
  A.customerDocument = "52998877";
  const customer = await ok(
    sellerA.customers.$post({
      json: {
        name: "Cliente SecretoA",
        document_type: "CC",
        document_number: A.customerDocument,
        phone: "3104445566",
        email: "cliente.secretoa@correo.co",
        data_consent: true,
      },
    }),
    201,
  );
  A.customer = customer.customer.id;
  const sale = await ok(
    sellerA.sales.create.$post({
      form: {
        items: JSON.stringify([{ sneaker_reference_code: A.productRef, size: "40", quantity: 1, unit_price: 250000 }]),
        payment_methods: JSON.stringify([{ payment_type: "tarjeta", amount: 250000, reference: "VentaSecretaA" }]),
        total_amount: "250000",
        notes: "VentaSecretaA",
        requires_confirmation: "true",
        customer_id: String(A.customer),
        receipt_image: jpeg(),
      },
    }),
    201,
  );
  A.sale = sale.sale_id;
  A.saleKey = await keyOfRow("sales", A.sale);
  const returned = await ok(
    sellerA.sales.create.$post({
      json: {
        items: [{ sneaker_reference_code: A.productRef, size: "40", quantity: 1 }],
        payment_methods: [{ payment_type: "efectivo", amount: 250000 }],
        total_amount: 250000,
      },
    }),
    201,
  );
  A.returnedSale = returned.sale_id;
  A.returnedItem = returned.sale_details.items[0]?.id ?? 0;
  const back = await ok(
    sellerA["sale-returns"].$post(
      {
        json: {
          sale_id: A.returnedSale,
          lines: [{ sale_item_id: A.returnedItem, quantity: 1 }],
          reason: "otro",
          notes: "DevolucionSecretaA",
          refund_method: "efectivo",
        },
      },
      { headers: { "Idempotency-Key": crypto.randomUUID() } },
    ),
    201,
  );
  A.saleReturn = back.sale_return.id;
  A.files.saleReceipt = keyOf(sale.receipt_info.url);

  const expense = await ok(
    sellerA.expenses.create.$post({ form: { concept: "GastoSecretoA", amount: "7300", receipt_image: jpeg() } }),
    201,
  );
  A.expense = expense.expense_id;
  A.expenseKey = await keyOfRow("expenses", A.expense);
  A.files.expenseReceipt = keyOf(expense.expense.receipt_url);

  const discount = await ok(
    sellerA.discounts.request.$post({ json: { amount: 150, reason: "DescuentoSecretoA" } }),
    201,
  );
  assert(discount.discount_id, "the discount request's id");
  A.discount = discount.discount_id;
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/discount-requests/approve`, { discount_request_id: A.discount, approved: true }),
  );

  const cost = await ok(
    adminA.admin.admin.costs.$post({
      json: {
        location_id: A.centro,
        cost_type: "arriendo",
        description: "CostoSecretoA",
        amount: 3_000_000,
        frequency: "mensual",
      },
    }),
    201,
  );
  A.cost = cost.id;
  const costPayment = await ok(
    adminA.admin.admin.costs[":id"].pay.$post({
      param: { id: String(A.cost) },
      json: { payment_method: "transferencia", note: "ReciboSecretoA" },
    }),
  );
  A.costPayment = costPayment.payment.id;
  const alert = await ok(
    adminA.admin.admin["inventory-alerts"].$post({
      json: {
        location_id: A.centro,
        threshold_value: 50,
        product_reference: A.productRef,
        notification_emails: ["alertasecreta@demo.horma.co"],
      },
    }),
    201,
  );
  assert(alert.id, "the alert's id");
  A.alert = alert.id;

  const wholesale = await ok(
    adminA.mayoreo.productos.crear.$post({
      form: {
        modelo: "MayoreoSecretoA",
        cantidad_cajas_disponibles: "10",
        pares_por_caja: "12",
        precio: "900000",
        foto: jpeg(),
      },
    }),
    201,
  );
  A.wholesale = wholesale.id;
  A.files.foto = keyOf(wholesale.foto_url);
  await asA(
    DEMO.administrador,
    post(`${P}/mayoreo/ventas/registrar`, {
      mayoreo_id: A.wholesale,
      cantidad_cajas_vendidas: 2,
      notas: "VentaMayoreoSecretaA",
    }),
  );

  const user = await ok(
    adminA.admin.admin.users.$post({
      json: {
        email: "secreta@demo.horma.co",
        password: "secreto1",
        first_name: "UsuariaSecretaA",
        last_name: "Demo",
        role: "vendedor",
        location_id: chapinero,
      },
    }),
    201,
  );
  A.secretUser = user.id;

  const place = await ok(
    (await routesOf(DEMO.boss)).boss.boss.locations.$post({
      json: { name: "BodegaSecretaA", type: "bodega", address: "Calle SecretaA" },
    }),
    201,
  );
  assert(place.location, "the new location");
  A.secretLocation = place.location.id;

  const upload = await ok(
    adminA.admin.admin.inventory["video-uploads"].$post({ json: { content_type: "video/webm", size: 4096 } }),
    201,
  );
  A.upload = { key: upload.key, upload_id: upload.upload_id };

  // a transfer request through the API (its event goes to A's hub), the seed's others, copies for the missing states
  const transfer = await ok(
    sellerA.transfers.request.$post({
      json: {
        source_location_id: A.principal,
        sneaker_reference_code: A.productRef,
        size: "40",
        notes: "TrasladoSecretoA",
      },
    }),
    201,
  );
  const pendingVendor = await seededTransfer("pending", "vendedor");
  const completed = await seededTransfer("completed", "corredor");
  A.transfers = {
    pending: transfer.transfer_request_id,
    acceptedCourier: await seededTransfer("accepted", "corredor"),
    acceptedVendor: await cloneTransfer(pendingVendor, { status: "accepted", acceptedAt: new Date().toISOString() }),
    courierAssigned: await seededTransfer("courier_assigned", "corredor"),
    inTransit: await seededTransfer("in_transit", "corredor"),
    delivered: await seededTransfer("delivered", "corredor"),
    completed,
  };
  const ret = await ok(
    sellerA.transfers["create-return"].$post({
      json: { original_transfer_id: completed, pickup_type: "corredor", notes: "DevolucionSecretaA" },
    }),
    201,
  );
  const pendingReturn = ret.return_id;
  const corredor = await userId(DEMO.corredor);
  const now = new Date().toISOString();
  A.returns = {
    pending: pendingReturn,
    acceptedCourier: await cloneTransfer(pendingReturn, { status: "accepted", acceptedAt: now }),
    acceptedVendor: await cloneTransfer(pendingReturn, { status: "accepted", acceptedAt: now, pickupType: "vendedor" }),
    courierAssigned: await cloneTransfer(pendingReturn, { status: "courier_assigned", courierId: corredor }),
    inTransit: await cloneTransfer(pendingReturn, { status: "in_transit", courierId: corredor, pickedUpAt: now }),
    delivered: await cloneTransfer(pendingReturn, { status: "delivered", courierId: corredor, deliveredAt: now }),
  };

  const seller = await userId(DEMO.seller);
  const [note] = await db()
    .insert(notifications)
    .values({
      companyId: A.id,
      userId: seller,
      locationId: A.centro,
      type: "return",
      title: "AvisoSecretoA",
      message: "La bodega recibió la DevolucionSecretaA",
      transferId: pendingReturn,
    })
    .returning({ id: notifications.id });
  A.notification = note?.id ?? 0;

  // a reception that did not add up: one pair of A's completed transfer reported short
  const [held] = await db()
    .insert(stockDiscrepancies)
    .values({
      companyId: A.id,
      transferId: completed,
      productId: A.product,
      locationId: A.centro,
      size: "40",
      unit: "pair",
      kind: "short",
      quantity: 1,
      reportedBy: seller,
      notes: "FaltanteSecretoA",
    })
    .returning({ id: stockDiscrepancies.id });
  A.discrepancy = held?.id ?? 0;

  // an open physical count of Local Centro with one line counted
  const counts = (await routesOf(DEMO.administrador)).inventory.counts;
  const counted = await ok(counts.$post({ json: { location_id: A.centro, notes: "ConteoSecretoA" } }), 201);
  A.count = counted.count.id;
  const line = await ok(
    counts[":id"].lines.$put({
      param: { id: String(A.count) },
      json: { code: A.productRef, size: "40", pairs: 3 },
    }),
  );
  A.countLine = line.line.id;

  // a DIAN numbering resolution of Local Centro, left inactive (A's sales stay as they were)
  const numbering = await ok(
    (await routesOf(DEMO.administrador)).admin.admin["numbering-ranges"].$post({
      json: {
        location_id: A.centro,
        resolution_number: "18764099990001",
        resolution_date: "2026-01-02",
        prefix: "SECA",
        range_from: 1,
        range_to: 500,
        valid_from: "2026-01-02",
        valid_until: "2099-01-01",
        document_text: "ResolucionSecretaA",
        activate: false,
      },
    }),
    201,
  );
  A.numberingRange = numbering.range.id;

  // a rejected electronic document of A's sale (the outbox row a numbered sale writes)
  const [rejected] = await db()
    .insert(electronicDocuments)
    .values({ companyId: A.id, kind: "pos", saleId: A.sale, number: "SECA1", status: "rechazado", reason: "Prueba" })
    .returning({ id: electronicDocuments.id });
  assert(rejected, "A's electronic document");
  A.electronicDocument = rejected.id;

  // a supplier of A's ("ProveedorSecretoA") and an order sent to it
  const panelA = adminA.admin.admin;
  const supplier = await ok(
    panelA.suppliers.$post({
      json: { name: "ProveedorSecretoA", nit: "830115297-6", contact_name: "ContactoSecretoA" },
    }),
    201,
  );
  A.supplier = supplier.supplier.id;
  const order = await ok(
    panelA["purchase-orders"].$post({
      json: {
        supplier_id: A.supplier,
        location_id: A.principal,
        send: true,
        notes: "OrdenSecretaA",
        lines: [{ product_id: A.product, size: "40", quantity: 2, unit_cost: 100_000 }],
      },
    }),
    201,
  );
  A.purchaseOrder = order.order.id;
  A.purchaseOrderLine = order.order.lines[0]?.id ?? 0;

  // a restock order of A's, pending, with one line (the same pair A's single transfer asks for)
  const restock = await ok(
    adminA["transfer-orders"].$post({
      json: {
        source_location_id: A.principal,
        destination_location_id: A.centro,
        notes: "PedidoSecretoA",
        lines: [{ sneaker_reference_code: A.productRef, size: "40", quantity: 1 }],
      },
    }),
    201,
  );
  A.transferOrder = restock.order.id;
  A.transferOrderLine = restock.order.lines[0]?.id ?? 0;

  // an open till of Local Centro with cash taken out (the demo data's own open till closed first)
  await db().run(
    sql`UPDATE cash_sessions SET status = 'closed', closed_at = ${new Date().toISOString()} WHERE location_id = ${A.centro} AND status = 'open'`,
  );
  const till = await ok(sellerA["cash-sessions"].open.$post({ query: {}, json: { opening_float: 90_000 } }), 201);
  A.till = till.session.id;
  await ok(
    sellerA["cash-sessions"][":id"].movements.$post({
      param: { id: String(A.till) },
      query: {},
      json: { kind: "out", amount: 10_000, reason: "RetiroSecretoA" },
    }),
    201,
  );
}
