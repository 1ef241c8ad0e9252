// A few messages from the storefront's contact form for the demo company (issue 32 §6), so the
// administrador's "Mensajes de la tienda" shows what visitors write: one per store and one general,
// the oldest already read. Kept by their own keys, so seeding again adds nothing.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { contactMessages, locations } from "../schema";

const HOUR = 60 * 60_000;

const MESSAGES = [
  {
    key: "demo-contacto-1",
    store: "Local Chapinero",
    hoursAgo: 2,
    read: false,
    name: "Mariana López",
    email: "mariana.lopez@correo.co",
    phone: "310 555 1234",
    message:
      "Hola, ¿tienen los Nike Air Max en talla 38 en la tienda de Chapinero? Quisiera pasar el sábado a medírmelos.",
  },
  {
    key: "demo-contacto-2",
    store: null,
    hoursAgo: 26,
    read: false,
    name: "Andrés Cárdenas",
    email: "andres.cardenas@empresa.co",
    phone: null,
    message:
      "Buenas tardes. Somos un colegio y buscamos 40 pares de tenis blancos para el equipo. ¿Manejan precios por volumen?",
  },
  {
    key: "demo-contacto-3",
    store: "Local Centro",
    hoursAgo: 72,
    read: true,
    name: "Luisa Fernanda Rincón",
    email: "luisa.rincon@correo.co",
    phone: "+57 315 222 9090",
    message:
      "Compré unos Converse la semana pasada y me quedaron pequeños. ¿Puedo cambiarlos por una talla más sin el recibo impreso?",
  },
] as const;

export async function seedContactMessages(db: Db, companyId: number, now: Date) {
  for (const m of MESSAGES) {
    const [store] = m.store
      ? await db
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.companyId, companyId), eq(locations.name, m.store)))
          .limit(1)
      : [];
    const at = new Date(now.getTime() - m.hoursAgo * HOUR).toISOString();
    await db
      .insert(contactMessages)
      .values({
        companyId,
        locationId: store?.id ?? null,
        name: m.name,
        email: m.email,
        phone: m.phone,
        message: m.message,
        idempotencyKey: m.key,
        readAt: m.read ? new Date(now.getTime() - (m.hoursAgo - 1) * HOUR).toISOString() : null,
        createdAt: at,
      })
      .onConflictDoNothing({ target: [contactMessages.companyId, contactMessages.idempotencyKey] });
  }
}
