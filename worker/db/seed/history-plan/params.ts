// The demo history's parameters (days, weekly pattern, sizes, seller expenses) and its time helpers.

export const HISTORY_DAYS = 90;

/** Sunday..Saturday: weekends are the busy days, Mondays the quietest. */
export const WEEKDAY_FACTOR = [1.35, 0.7, 0.8, 0.85, 0.95, 1.25, 1.6] as const;
export const STORE_BASE = [4, 3.4, 4.6];
export const PESOS = 100; // centavos per peso

/** UTC ISO instant of a Bogotá wall-clock time on `day` (Bogotá is UTC−5 all year). */
export function bogotaInstant(day: string, hour: number, minute = 0): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + ((hour + 5) * 60 + minute) * 60_000).toISOString();
}

export const plusMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

export function pickWeighted<T>(items: readonly T[], weights: readonly number[], r: number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] ?? 0;
    if (x < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

// most sold sizes in the middle of the run
export const EU_SIZE_WEIGHTS: Record<string, number> = {
  "35": 2,
  "36": 4,
  "37": 7,
  "38": 9,
  "39": 9,
  "40": 9,
  "41": 8,
  "42": 6,
  "43": 3,
  "44": 2,
};

export const EXPENSES: { concept: string; min: number; max: number }[] = [
  { concept: "Bolsas de empaque", min: 15_000, max: 26_000 },
  { concept: "Transporte mensajería", min: 8_000, max: 22_000 },
  { concept: "Aseo del local", min: 20_000, max: 45_000 },
  { concept: "Café y agua para clientes", min: 9_000, max: 24_000 },
  { concept: "Papelería y rollos de datáfono", min: 8_000, max: 30_000 },
  { concept: "Arreglo de vitrina", min: 40_000, max: 95_000 },
];
