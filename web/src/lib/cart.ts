import { atom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import * as v from "valibot";
import { MAX_PAIRS_PER_LINE } from "../../../shared/reservations";
import type { Product } from "../api/schemas";

/** What the storefront puts in the cart: the public product's identity, name and price, and the size chosen. */
export type CartProduct = Pick<
  Product,
  "id" | "reference_code" | "brand" | "model" | "color" | "unit_price" | "image_url"
> & { size: string };

/** A line is one product in one size. */
export type LineId = { product_id: number; size: string };

// v2: lines carry their size (a cart kept before sizes is dropped, not shown without them)
export const CART_KEY = "horma.cart.v2";
/** As many pairs of one size as one reservation may hold. */
export const MAX_QUANTITY = MAX_PAIRS_PER_LINE;

const CartSchema = v.array(
  v.object({
    product_id: v.number(),
    reference_code: v.string(),
    brand: v.string(),
    model: v.string(),
    color: v.nullable(v.string()),
    unit_price: v.pipe(v.number(), v.minValue(0)),
    image_url: v.nullable(v.string()),
    size: v.pipe(v.string(), v.minLength(1)),
    quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_QUANTITY)),
  }),
);

/** The storefront's cart, kept in this browser until it becomes a reservation or a WhatsApp order. */
export type CartLine = v.InferOutput<typeof CartSchema>[number];

// Validates what it reads back: a hand-edited or outdated cart falls back to empty instead of crashing.
const cartStorage = {
  getItem(key: string, initialValue: CartLine[]): CartLine[] {
    try {
      const raw = globalThis.localStorage?.getItem(key);
      if (!raw) return initialValue;
      const parsed = v.safeParse(CartSchema, JSON.parse(raw));
      return parsed.success ? parsed.output : initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: CartLine[]): void {
    try {
      globalThis.localStorage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or blocked storage: the cart still works for this page view.
    }
  },
  removeItem(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Same as above.
    }
  },
  // Keeps several open tabs showing the same cart.
  subscribe(key: string, callback: (value: CartLine[]) => void, initialValue: CartLine[]): () => void {
    if (typeof window === "undefined") return () => {};
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) callback(cartStorage.getItem(key, initialValue));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  },
};

export const cartAtom = atomWithStorage<CartLine[]>(CART_KEY, [], cartStorage, { getOnInit: true });

const same = (line: LineId, id: LineId) => line.product_id === id.product_id && line.size === id.size;

export function addProduct(lines: CartLine[], product: CartProduct, quantity = 1): CartLine[] {
  const id = { product_id: product.id, size: product.size };
  if (lines.some((line) => same(line, id))) return changeQuantity(lines, id, quantity);
  const { id: productId, ...rest } = product;
  return [...lines, { ...rest, product_id: productId, quantity: clampQuantity(quantity) }];
}

/** Adds delta to a line's quantity, never below 1 (removing is explicit) nor above MAX_QUANTITY. */
export function changeQuantity(lines: CartLine[], id: LineId, delta: number): CartLine[] {
  return lines.map((line) => (same(line, id) ? { ...line, quantity: clampQuantity(line.quantity + delta) } : line));
}

export function removeLine(lines: CartLine[], id: LineId): CartLine[] {
  return lines.filter((line) => !same(line, id));
}

/** Total in pesos, summed in centavos so decimal prices do not drift. */
export function cartTotal(lines: CartLine[]): number {
  const centavos = lines.reduce((sum, line) => sum + Math.round(line.unit_price * 100) * line.quantity, 0);
  return centavos / 100;
}

export function cartCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, Math.round(quantity)));
}

export const cartTotalAtom = atom((get) => cartTotal(get(cartAtom)));
export const cartCountAtom = atom((get) => cartCount(get(cartAtom)));

export const addToCartAtom = atom(null, (get, set, product: CartProduct) => {
  set(cartAtom, addProduct(get(cartAtom), product));
});

export const changeQuantityAtom = atom(null, (get, set, args: { line: LineId; delta: number }) => {
  set(cartAtom, changeQuantity(get(cartAtom), args.line, args.delta));
});

export const removeFromCartAtom = atom(null, (get, set, line: LineId) => {
  set(cartAtom, removeLine(get(cartAtom), line));
});

export const clearCartAtom = atom(null, (_get, set) => {
  set(cartAtom, []);
});
