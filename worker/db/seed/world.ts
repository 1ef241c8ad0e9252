// Who and where the demo is: its companies, locations, users and the platform superuser.
import type { Role } from "../schema";
import type { DEMO_PLANS } from "./plans";

export const DEMO_PASSWORD = "Horma#2026";

export type LocationSeed = {
  name: string;
  type: "local" | "bodega";
  address: string;
  phone: string;
  managerName: string;
  capacity?: number;
  latitude: number;
  longitude: number;
  /** a store's opening hours and WhatsApp (10 digits), shown on the storefront's contact page */
  openingHours?: string;
  whatsapp?: string;
};

export type UserSeed = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  location?: string;
  /** an administrador's price-override PIN */
  pin?: string;
};

export type CompanySeed = {
  name: string;
  subdomain: string;
  email: string;
  legalName: string;
  taxId: string;
  phone: string;
  /** printed at the foot of the company's receipts */
  returnPolicy?: string;
  /** sales need the store's till open (the demo company: on, with tills seeded) */
  requireOpenTill?: boolean;
  plan: (typeof DEMO_PLANS)[number]["planCode"];
  locations: LocationSeed[];
  users: UserSeed[];
  productCount: number;
};

/** The demo administrador's PIN for price overrides (README, demo logins). */
export const DEMO_ADMIN_PIN = "2468";

export const DEMO_COMPANY: CompanySeed = {
  name: "Calzado Horma Demo",
  subdomain: "demo",
  email: "contacto@demo.horma.co",
  legalName: "Calzado Horma Demo S.A.S.",
  taxId: "901.234.567-7",
  phone: "+57 601 555 0100",
  returnPolicy:
    "Cambios de talla o producto dentro de 30 días con este recibo, el calzado sin uso y en su caja. Por garantía de fábrica, 90 días.",
  requireOpenTill: true,
  plan: "professional",
  locations: [
    {
      name: "Local Centro",
      type: "local",
      address: "Cra. 7 # 12-45, Bogotá",
      phone: "+57 601 555 0101",
      managerName: "Laura Méndez",
      openingHours: "Lun–Sáb 9:00–19:00 · Dom 10:00–17:00",
      whatsapp: "3001234567",
      latitude: 4.6018,
      longitude: -74.0726,
    },
    {
      name: "Local Chapinero",
      type: "local",
      address: "Cl. 60 # 9-20, Bogotá",
      phone: "+57 601 555 0102",
      managerName: "Camilo Ruiz",
      openingHours: "Lun–Sáb 10:00–20:00 · Dom y festivos 11:00–18:00",
      whatsapp: "3157654321",
      latitude: 4.6459,
      longitude: -74.0636,
    },
    {
      name: "Local Unicentro",
      type: "local",
      address: "Av. 15 # 124-30, Bogotá",
      phone: "+57 601 555 0103",
      managerName: "Sofía Vargas",
      openingHours: "Lun–Dom 10:00–21:00 (horario del centro comercial)",
      whatsapp: "3204567890",
      latitude: 4.7026,
      longitude: -74.0416,
    },
    {
      name: "Bodega Principal",
      type: "bodega",
      address: "Cl. 13 # 68-50, Bogotá",
      phone: "+57 601 555 0110",
      managerName: "Jorge Castaño",
      capacity: 5000,
      latitude: 4.6352,
      longitude: -74.1186,
    },
    {
      name: "Bodega Sur",
      type: "bodega",
      address: "Autopista Sur # 60-15, Bogotá",
      phone: "+57 601 555 0111",
      managerName: "Mónica Pardo",
      capacity: 3000,
      latitude: 4.5921,
      longitude: -74.156,
    },
  ],
  users: [
    { email: "boss@demo.horma.co", firstName: "Beatriz", lastName: "Ospina", role: "boss" },
    {
      email: "admin@demo.horma.co",
      firstName: "Andrés",
      lastName: "Gómez",
      role: "administrador",
      pin: DEMO_ADMIN_PIN,
    },
    {
      email: "bodega@demo.horma.co",
      firstName: "Jorge",
      lastName: "Castaño",
      role: "bodeguero",
      location: "Bodega Principal",
    },
    {
      email: "vendedor@demo.horma.co",
      firstName: "Valentina",
      lastName: "Rojas",
      role: "seller",
      location: "Local Centro",
    },
    {
      email: "vendedor2@demo.horma.co",
      firstName: "Mateo",
      lastName: "Herrera",
      role: "seller",
      location: "Local Chapinero",
    },
    { email: "corredor@demo.horma.co", firstName: "Carlos", lastName: "Moto", role: "corredor" },
  ],
  productCount: 24,
};

/** More sellers for the history (every store sells every day); seeded with it only. */
export const HISTORY_SELLERS: UserSeed[] = [
  {
    email: "vendedor3@demo.horma.co",
    firstName: "Daniela",
    lastName: "Torres",
    role: "seller",
    location: "Local Unicentro",
  },
  {
    email: "vendedor4@demo.horma.co",
    firstName: "Santiago",
    lastName: "Pérez",
    role: "seller",
    location: "Local Centro",
  },
  {
    email: "vendedor5@demo.horma.co",
    firstName: "Juliana",
    lastName: "Castro",
    role: "seller",
    location: "Local Unicentro",
  },
];

export const OTHER_COMPANY: CompanySeed = {
  name: "Zapatería Otra",
  subdomain: "otra",
  email: "contacto@otra.horma.co",
  legalName: "Zapatería Otra Ltda.",
  taxId: "900.765.432-6",
  phone: "+57 604 555 0200",
  // the isolation tests use every module from this company too
  plan: "professional",
  locations: [
    {
      name: "Otra Tienda Medellín",
      type: "local",
      address: "Cl. 10 # 43-12, Medellín",
      phone: "+57 604 555 0201",
      managerName: "Paula Ríos",
      openingHours: "Lun–Sáb 9:00–18:00",
      whatsapp: "3009876543",
      latitude: 6.2088,
      longitude: -75.5676,
    },
    {
      name: "Otra Bodega Itagüí",
      type: "bodega",
      address: "Cra. 50 # 30-40, Itagüí",
      phone: "+57 604 555 0202",
      managerName: "Hernán Toro",
      capacity: 1500,
      latitude: 6.1719,
      longitude: -75.6114,
    },
  ],
  users: [
    { email: "admin@otra.horma.co", firstName: "Olga", lastName: "Trujillo", role: "administrador" },
    {
      email: "vendedor@otra.horma.co",
      firstName: "Oscar",
      lastName: "Tamayo",
      role: "seller",
      location: "Otra Tienda Medellín",
    },
  ],
  productCount: 6,
};

export const SUPERUSER = { email: "super@horma.co", firstName: "Sara", lastName: "Plataforma" };
