import { useState } from "react";
import { productName, referenceWithColor } from "../format";
import { NumberField, TextField } from "./form";
import { ProductSearchField } from "./ProductSearchField";
import { SmallButton } from "./SmallButton";

/** A line of an order as typed: the product chosen from the catalogue, its size, pairs and (purchases) cost per pair. */
export type DraftLine = {
  key: number;
  search: string;
  product: { id: number; reference: string; label: string } | null;
  size: string;
  quantity: string;
  unitCost: string;
};

export const emptyDraftLine = (key: number): DraftLine => ({
  key,
  search: "",
  product: null,
  size: "",
  quantity: "1",
  unitCost: "",
});

/** Why a line cannot go yet (null: it can); the cost is checked only where the form asks for one. */
export function draftLineProblem(line: DraftLine, withCost: boolean): string | null {
  if (!line.product) return "Elige el producto del catálogo";
  if (!line.size.trim()) return "Escribe la talla";
  if (!/^\d+$/.test(line.quantity) || Number(line.quantity) < 1) return "Los pares son un número entero desde 1";
  if (withCost && !/^\d+$/.test(line.unitCost)) return "El costo por par son pesos enteros";
  return null;
}

/** The lines of an order form and their problems (the form's validate marks them; a change clears its line's). */
export function useDraftLines(initial: () => DraftLine[], withCost: boolean) {
  const [lines, setLines] = useState<DraftLine[]>(() => {
    const first = initial();
    return first.length > 0 ? first : [emptyDraftLine(1)];
  });
  const [problems, setProblems] = useState<Record<number, string>>({});
  return {
    lines,
    problems,
    change: (key: number, patch: Partial<DraftLine>) => {
      setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
      setProblems((e) => ({ ...e, [key]: "" }));
    },
    add: () => setLines((all) => [...all, emptyDraftLine(Math.max(0, ...all.map((l) => l.key)) + 1)]),
    remove: (key: number) => setLines((all) => all.filter((l) => l.key !== key)),
    /** Marks every line that cannot go; true when none. */
    check: () => {
      const found = Object.fromEntries(
        lines.flatMap((l) => {
          const problem = draftLineProblem(l, withCost);
          return problem ? [[l.key, problem]] : [];
        }),
      );
      setProblems(found);
      return Object.keys(found).length === 0;
    },
  };
}

export type DraftLines = ReturnType<typeof useDraftLines>;

/**
 * The lines of an order: each a product searched in the catalogue (by reference, box code, brand or model),
 * a size and pairs, and the cost per pair when `withCost`; lines are added and removed.
 */
export function ProductLinesField({
  draft,
  withCost = false,
  testId,
}: {
  draft: DraftLines;
  withCost?: boolean;
  testId: string;
}) {
  const { lines, problems, change } = draft;
  return (
    <>
      {lines.map((line, index) => (
        <div key={line.key} data-testid={testId} className="space-y-2 rounded-lg border border-stone-200 p-3">
          <ProductSearchField
            label={`Producto de la línea ${index + 1}`}
            value={line.search}
            loadOnFocus
            placeholder="Referencia, código de barras, marca o modelo"
            onChange={(search) => change(line.key, { search, product: null })}
            onChoose={(s) =>
              change(line.key, {
                search: `${productName(s.product)} · ${referenceWithColor(s.product)}`,
                product: {
                  id: s.product.product_id,
                  reference: s.product.reference_code,
                  label: productName(s.product),
                },
                size: s.size ?? line.size,
              })
            }
            error={problems[line.key] || undefined}
          />
          <div className={`grid gap-2 ${withCost ? "grid-cols-3" : "grid-cols-2"}`}>
            <TextField
              label="Talla"
              value={line.size}
              onChange={(size) => change(line.key, { size })}
              inputMode="decimal"
            />
            <NumberField
              label="Pares"
              value={line.quantity}
              onChange={(quantity) => change(line.key, { quantity })}
              min={1}
            />
            {withCost && (
              <NumberField
                label="Costo por par"
                value={line.unitCost}
                onChange={(unitCost) => change(line.key, { unitCost })}
                min={0}
              />
            )}
          </div>
          {lines.length > 1 && (
            <SmallButton label={`Quitar la línea ${index + 1}`} onClick={() => draft.remove(line.key)} danger>
              Quitar
            </SmallButton>
          )}
        </div>
      ))}
      <SmallButton label="Agregar línea" onClick={draft.add}>
        + Agregar línea
      </SmallButton>
    </>
  );
}
