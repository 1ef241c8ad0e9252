import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import {
  addProduct,
  addToCartAtom,
  CART_KEY,
  type CartProduct,
  cartAtom,
  cartCountAtom,
  cartTotal,
  cartTotalAtom,
  changeQuantity,
  changeQuantityAtom,
  clearCartAtom,
  MAX_QUANTITY,
  removeFromCartAtom,
  removeLine,
} from "../../web/src/lib/cart";

const runner: CartProduct = {
  id: 1,
  reference_code: "NK-PEG-41",
  brand: "Nike",
  model: "Pegasus 41",
  color: "Negro",
  unit_price: 459900,
  image_url: null,
  size: "41",
};
const court: CartProduct = {
  ...runner,
  id: 2,
  reference_code: "AD-CRT",
  brand: "Adidas",
  model: "Courtjam",
  unit_price: 329900.5,
};

describe("cart lines (pure)", () => {
  it("adds a new product with quantity 1, and adding it again increases the quantity", () => {
    const once = addProduct([], runner);
    expect(once).toEqual([
      {
        product_id: 1,
        reference_code: "NK-PEG-41",
        brand: "Nike",
        model: "Pegasus 41",
        color: "Negro",
        unit_price: 459900,
        image_url: null,
        size: "41",
        quantity: 1,
      },
    ]);
    const twice = addProduct(once, runner);
    expect(twice).toHaveLength(1);
    expect(twice[0]?.quantity).toBe(2);
  });

  it("keeps one line per product and size", () => {
    const lines = addProduct(addProduct([], runner), { ...runner, size: "42" });
    expect(lines.map((l) => `${l.product_id}/${l.size}`)).toEqual(["1/41", "1/42"]);
    expect(removeLine(lines, { product_id: 1, size: "41" }).map((l) => l.size)).toEqual(["42"]);
  });

  it("keeps quantities between 1 and the maximum a reservation holds (5 pairs of a size)", () => {
    const lines = addProduct([], runner);
    const id = { product_id: 1, size: "41" };
    expect(MAX_QUANTITY).toBe(5);
    expect(changeQuantity(lines, id, -1)[0]?.quantity).toBe(1);
    expect(changeQuantity(lines, id, 500)[0]?.quantity).toBe(MAX_QUANTITY);
    expect(changeQuantity(lines, id, 2)[0]?.quantity).toBe(3);
  });

  it("removes only the chosen line", () => {
    const lines = addProduct(addProduct([], runner), court);
    expect(removeLine(lines, { product_id: 1, size: "41" }).map((line) => line.product_id)).toEqual([2]);
  });

  it("totals price × quantity without floating-point drift", () => {
    let lines = addProduct([], runner);
    lines = changeQuantity(lines, { product_id: 1, size: "41" }, 1); // 2 × 459.900
    lines = addProduct(lines, court); // 1 × 329.900,5
    expect(cartTotal(lines)).toBe(1249700.5);
    // 0.07 × 3 in floating point is 0.21000000000000002.
    expect(cartTotal(addProduct([], { ...runner, unit_price: 0.07 }).map((l) => ({ ...l, quantity: 3 })))).toBe(0.21);
    expect(cartTotal([])).toBe(0);
  });
});

describe("cart atoms", () => {
  it("add, change, remove and clear update count and total", () => {
    const store = createStore();
    store.set(addToCartAtom, runner);
    store.set(addToCartAtom, court);
    store.set(addToCartAtom, runner);
    expect(store.get(cartCountAtom)).toBe(3);
    expect(store.get(cartTotalAtom)).toBe(459900 * 2 + 329900.5);

    store.set(changeQuantityAtom, { line: { product_id: 2, size: "41" }, delta: 2 });
    expect(store.get(cartCountAtom)).toBe(5);

    store.set(removeFromCartAtom, { product_id: 1, size: "41" });
    expect(store.get(cartAtom).map((line) => line.product_id)).toEqual([2]);
    expect(store.get(cartTotalAtom)).toBe(329900.5 * 3);

    store.set(clearCartAtom);
    expect(store.get(cartCountAtom)).toBe(0);
    expect(store.get(cartTotalAtom)).toBe(0);
  });

  it("persists the cart in localStorage under horma.cart.v2", () => {
    const store = createStore();
    store.set(addToCartAtom, runner);
    const saved = JSON.parse(localStorage.getItem(CART_KEY) ?? "null");
    expect(saved).toHaveLength(1);
    expect(saved[0].product_id).toBe(1);
  });

  it("ignores a stored cart of the wrong shape", () => {
    localStorage.setItem(CART_KEY, JSON.stringify([{ product_id: "x", quantity: -4 }]));
    const store = createStore();
    const unsubscribe = store.sub(cartAtom, () => {});
    expect(store.get(cartAtom)).toEqual([]);
    unsubscribe();
  });

  it("reads back a valid stored cart when mounted (as after a page reload)", () => {
    const store = createStore();
    store.set(addToCartAtom, court);
    const fresh = createStore();
    const unsubscribe = fresh.sub(cartAtom, () => {});
    expect(fresh.get(cartAtom).map((line) => line.reference_code)).toEqual(["AD-CRT"]);
    unsubscribe();
  });
});
