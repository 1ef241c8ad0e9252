// The demo's few sales and transfers of today and the last days, one per state a screen shows.

type SeedSale = {
  sellerEmail: string;
  items: { ref: string; size: string; quantity: number }[];
  payments: { type: "efectivo" | "tarjeta" | "transferencia"; share: number; reference?: string }[];
  daysAgo: number;
  requiresConfirmation: boolean;
  confirmed: boolean;
};

export const DEMO_SALES: SeedSale[] = [
  {
    sellerEmail: "vendedor@demo.horma.co",
    items: [{ ref: "NIKEAIRM-01", size: "40", quantity: 1 }],
    payments: [{ type: "efectivo", share: 1 }],
    daysAgo: 0,
    requiresConfirmation: false,
    confirmed: true,
  },
  {
    sellerEmail: "vendedor@demo.horma.co",
    items: [
      { ref: "ADIDASSU-01", size: "38", quantity: 1 },
      { ref: "VANSAUTH-01", size: "38", quantity: 1 },
    ],
    payments: [
      { type: "tarjeta", share: 0.6, reference: "****4821" },
      { type: "efectivo", share: 0.4 },
    ],
    daysAgo: 0,
    requiresConfirmation: true,
    confirmed: false,
  },
  {
    sellerEmail: "vendedor@demo.horma.co",
    items: [{ ref: "CONVERSE-01", size: "37", quantity: 1 }],
    payments: [{ type: "transferencia", share: 1, reference: "NEQUI-778812" }],
    daysAgo: 1,
    requiresConfirmation: false,
    confirmed: true,
  },
  {
    sellerEmail: "vendedor2@demo.horma.co",
    items: [{ ref: "NEWBALAN-01", size: "42", quantity: 1 }],
    payments: [{ type: "efectivo", share: 1 }],
    daysAgo: 0,
    requiresConfirmation: false,
    confirmed: true,
  },
  {
    sellerEmail: "vendedor2@demo.horma.co",
    items: [{ ref: "REEBOKCL-01", size: "41", quantity: 1 }],
    payments: [{ type: "tarjeta", share: 1, reference: "****1234" }],
    daysAgo: 3,
    requiresConfirmation: false,
    confirmed: true,
  },
];

type SeedTransfer = {
  ref: string;
  size: string;
  status: "pending" | "accepted" | "courier_assigned" | "in_transit" | "delivered" | "completed" | "cancelled";
  purpose: "cliente" | "restock" | "pair_formation";
  pickupType: "corredor" | "vendedor";
  footSide?: "left" | "right";
  minutesAgo: number;
};

export const DEMO_TRANSFERS: SeedTransfer[] = [
  { ref: "NIKECORT-01", size: "39", status: "pending", purpose: "cliente", pickupType: "corredor", minutesAgo: 12 },
  { ref: "ASICSGEL-01", size: "41", status: "pending", purpose: "restock", pickupType: "vendedor", minutesAgo: 40 },
  { ref: "ADIDASFO-01", size: "40", status: "accepted", purpose: "cliente", pickupType: "corredor", minutesAgo: 25 },
  {
    ref: "NIKEAIRM-02",
    size: "42",
    status: "courier_assigned",
    purpose: "cliente",
    pickupType: "corredor",
    minutesAgo: 35,
  },
  { ref: "NEWBALAN-02", size: "38", status: "in_transit", purpose: "cliente", pickupType: "corredor", minutesAgo: 55 },
  { ref: "CONVERSE-02", size: "36", status: "delivered", purpose: "restock", pickupType: "corredor", minutesAgo: 80 },
  { ref: "VANSAUTH-02", size: "40", status: "completed", purpose: "cliente", pickupType: "corredor", minutesAgo: 150 },
  { ref: "REEBOKCL-02", size: "39", status: "cancelled", purpose: "restock", pickupType: "vendedor", minutesAgo: 200 },
  {
    ref: "ADIDASSU-02",
    size: "41",
    status: "pending",
    purpose: "pair_formation",
    pickupType: "corredor",
    footSide: "left",
    minutesAgo: 8,
  },
];
