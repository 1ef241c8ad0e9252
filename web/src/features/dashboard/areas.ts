import type { AreaRoute } from "../../lib/roles";

type Area = { title: string; intro: string; items: readonly string[] };

/** Title and planned content of each protected area (spec 1 §2, spec 2 and 3). */
export const AREAS: Record<AreaRoute, Area> = {
  "/superuser": {
    title: "Panel de Superadmin",
    intro: "Desde aquí administrarás la plataforma: empresas clientes, suscripciones, facturas y planes.",
    items: ["Empresas y sus suscripciones", "Planes y facturación", "Facturas y pagos", "Uso de la plataforma"],
  },
  "/administrador": {
    title: "Panel de Administración",
    intro: "Aquí administrarás tu empresa: personal, sedes, costos, inventario y ventas al por mayor.",
    items: ["Usuarios y sedes", "Inventario y registro de productos", "Costos y reportes", "Ventas al por mayor"],
  },
  "/boss": {
    title: "Panel Ejecutivo",
    intro: "Aquí verás el resumen ejecutivo de tu empresa con las cifras reales de ventas, inventario y sedes.",
    items: ["Ventas por sede", "Inventario consolidado", "Gastos y costos", "Indicadores de la operación"],
  },
  "/warehouse": {
    title: "Panel de Bodega",
    intro: "Aquí prepararás y entregarás los traslados solicitados y recibirás las devoluciones de tu bodega.",
    items: [
      "Solicitudes de traslado pendientes",
      "Entregas a corredores",
      "Devoluciones por recibir",
      "Inventario de la bodega",
    ],
  },
  "/seller": {
    title: "Panel de Vendedor",
    intro: "Aquí escanearás productos, registrarás ventas y gastos, y pedirás traslados, descuentos y devoluciones.",
    items: [
      "Escanear producto y vender",
      "Ventas del día y confirmaciones",
      "Gastos del día",
      "Traslados y descuentos",
    ],
  },
  "/runner": {
    title: "Panel de Corredor",
    intro: "Aquí verás los traslados y devoluciones que debes recoger y entregar entre sedes.",
    items: [
      "Traslados disponibles",
      "Recogidas y entregas en curso",
      "Historial de entregas",
      "Devoluciones por llevar",
    ],
  },
  "/home": {
    title: "Inicio",
    intro: "Bienvenido a Horma. Desde aquí entras al panel que corresponde a tu rol.",
    items: [],
  },
};
