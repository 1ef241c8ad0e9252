import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { productRefusal } from "../../shared/messages";
import { isSingular, plural, pluralWord, signedPlural } from "../../shared/plural";
import { statusInfo } from "../../worker/domain/logistics/transfers/describe";
import { refusal } from "../../worker/domain/logistics/transfers/plan";

describe("plural: every count with the noun that agrees with it (es-CO)", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(plural(1, "par", "pares")).toBe("1 par");
    expect(plural(2, "par", "pares")).toBe("2 pares");
    expect(plural(0, "línea sin costo", "líneas sin costo")).toBe("0 líneas sin costo");
    expect(plural(-1, "unidad", "unidades")).toBe("-1 unidad");
    expect(plural(1.5, "par", "pares")).toBe("1,5 pares");
    expect(plural(1, "transferencia abierta", "transferencias abiertas")).toBe("1 transferencia abierta");
  });

  it("writes the count with es-CO digit grouping", () => {
    expect(plural(1500, "par", "pares")).toBe("1.500 pares");
    expect(plural(1_000_000, "compra", "compras")).toBe("1.000.000 compras");
  });

  it("never leaves a number without its noun, even when it is not a number", () => {
    expect(plural(Number.NaN, "par", "pares")).toBe("— pares");
    expect(plural(Number.POSITIVE_INFINITY, "par", "pares")).toBe("— pares");
  });

  it("agrees a verb or an adjective with the count, and signs a change", () => {
    expect(pluralWord(1, "queda", "quedan")).toBe("queda");
    expect(pluralWord(3, "queda", "quedan")).toBe("quedan");
    expect(signedPlural(1, "par", "pares")).toBe("+1 par");
    expect(signedPlural(-3, "par", "pares")).toBe("−3 pares");
    expect(signedPlural(0, "par", "pares")).toBe("0 pares");
  });

  it("matches Intl.PluralRules('es-CO') for any whole count, and never writes '(s)' or a bare '1 …s'", () => {
    const rules = new Intl.PluralRules("es-CO");
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (n) => {
        const text = plural(n, "par", "pares");
        expect(isSingular(n)).toBe(rules.select(Math.abs(n)) === "one");
        expect(text.endsWith(Math.abs(n) === 1 ? " par" : " pares")).toBe(true);
        expect(text).not.toContain("(");
      }),
    );
  });
});

describe("Spanish that reads right in the Worker's messages", () => {
  it("a refused transfer action names the status the request really is in", () => {
    expect(refusal("accept", "cancelled")).toBe("Esta solicitud ya fue cancelada");
    expect(refusal("accept", "in_transit")).toBe("Esta solicitud ya no está pendiente: está en tránsito");
    expect(refusal("accept", "completed")).not.toMatch(/aceptada/);
    expect(refusal("courier_accept", "cancelled")).toBe("Esta solicitud ya fue cancelada");
    expect(refusal("courier_accept", "courier_assigned")).toBe("Esta solicitud ya fue aceptada por otro corredor");
    expect(refusal("decline", "accepted")).toBe(
      "Solo se puede rechazar una solicitud pendiente: esta ya está aceptada",
    );
  });

  it("a transfer's texts never say bodega or bodeguero for a source that may be a store", () => {
    expect(refusal("courier_accept", "pending")).toBe("El origen aún no ha aceptado esta solicitud");
    for (const status of ["pending", "accepted", "courier_assigned", "in_transit", "delivered", "completed"]) {
      for (const pickup of ["corredor", "vendedor"] as const) {
        const info = statusInfo(status, pickup, "transfer");
        expect(`${info.description} ${info.next_step}`, `${status} ${pickup}`).not.toMatch(/bodeg/i);
      }
    }
    // a return always goes back to a warehouse: there the keeper is a bodeguero
    expect(statusInfo("pending", "corredor", "return").description).toBe("Esperando aprobación del bodeguero");
  });

  it("an inactive product is refused as inactive, an unknown one as not in the catalogue", () => {
    expect(productRefusal({ isActive: false }, "REEBOKCL-01")).toBe(
      "El producto con referencia REEBOKCL-01 está inactivo",
    );
    expect(productRefusal(undefined, "NO-EXISTE")).toBe(
      "El producto con referencia NO-EXISTE no existe en el catálogo",
    );
    expect(productRefusal({ isActive: true }, "CONVERSE-01")).toBeNull();
  });
});
