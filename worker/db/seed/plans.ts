// The plan templates the demo (and the API tests) start from.
import { toCentavos } from "../../domain/shared/money";

/**
 * The plan templates. `features` says which modules each includes; the ones enforced (403 on their
 * routes, hidden in the SPA) are `mayoreo` and `reportes_avanzados` (domain/platform/rules.ts PLAN_MODULES);
 * escaneo and transferencias are in every plan.
 */
export const DEMO_PLANS = [
  {
    planCode: "basic",
    displayName: "Básico",
    description: "Para zapaterías que empiezan: hasta 3 locales y 10 empleados.",
    maxLocations: 3,
    maxEmployees: 10,
    pricePerLocation: toCentavos(120_000),
    features: { escaneo: true, transferencias: true, mayoreo: false, reportes_avanzados: false },
    sortOrder: 1,
  },
  {
    planCode: "professional",
    displayName: "Profesional",
    description: "Cadenas en crecimiento: hasta 10 ubicaciones y 40 empleados.",
    maxLocations: 10,
    maxEmployees: 40,
    pricePerLocation: toCentavos(100_000),
    features: { escaneo: true, transferencias: true, mayoreo: true, reportes_avanzados: true },
    sortOrder: 2,
  },
  {
    planCode: "enterprise",
    displayName: "Empresarial",
    description: "Grandes operaciones: hasta 50 ubicaciones y 250 empleados, soporte prioritario.",
    maxLocations: 50,
    maxEmployees: 250,
    pricePerLocation: toCentavos(80_000),
    features: {
      escaneo: true,
      transferencias: true,
      mayoreo: true,
      reportes_avanzados: true,
      soporte_prioritario: true,
    },
    sortOrder: 3,
  },
] as const;
