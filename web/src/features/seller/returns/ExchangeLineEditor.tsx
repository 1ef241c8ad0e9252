import { useRef, useState } from "react";
import { type Lookup, lookupCode } from "../../../api/catalogue";
import { ApiError } from "../../../api/http";
import type { CatalogueSuggestion } from "../../../lib/catalogue/useCatalogueSearch";
import { formatCOP, productName } from "../../../lib/format";
import { NumberField, TextField } from "../../../lib/ui/form";
import { CodeSearchField } from "../CodeSearchField";
import { LineFieldset, type RowEdit } from "../LineList";
import { LineFooter, withCatalogue, withSuggestion } from "../SaleLineEditor";
import type { LineDraft } from "../saleForm";
import { localSizes } from "./returnForm";

type Props = { line: LineDraft; index: number } & RowEdit<LineDraft>;

type LookupState =
  | { status: "idle" | "loading" | "missing"; code: string }
  | { status: "offline"; code: string; message: string }
  | { status: "found"; code: string; found: Lookup };

/**
 * One product the customer takes instead, found as in the sale form: typing suggests products of the
 * phone's catalogue (reference, box code, SKU, or brand, model and colour words, without accents), and a
 * code typed in full is looked up. The catalogue names it and prices it (the server prices it the same
 * way); the sizes this store has, the size and the quantity.
 */
export function ExchangeLineEditor({ line, index, canRemove, onChange, onRemove }: Props) {
  const [lookup, setLookup] = useState<LookupState>({ status: "idle", code: "" });
  const latest = useRef(line);
  latest.current = line;

  async function lookUp(code = line.reference_code.trim()) {
    if (!code || (latest.current.catalogue_price !== null && lookup.code === code)) return;
    setLookup({ status: "loading", code });
    try {
      const found = await lookupCode(code);
      setLookup({ status: "found", code: found.product.reference_code, found });
      if (latest.current.reference_code.trim() === code) onChange(withCatalogue(latest.current, found));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setLookup({ status: "missing", code });
        onChange({ ...latest.current, catalogue_price: null, override: null, unit_price: "" });
      } else {
        setLookup({ status: "offline", code, message: error instanceof Error ? error.message : "Sin conexión" });
      }
    }
  }

  function choose(suggestion: CatalogueSuggestion) {
    // named and priced from the phone's catalogue at once; the store's sizes come with the lookup
    const next = withSuggestion(latest.current, suggestion);
    latest.current = next;
    onChange(next);
    void lookUp(next.reference_code.trim());
  }

  const current = lookup.code === line.reference_code.trim() ? lookup : null;
  const found = current?.status === "found" && line.catalogue_price !== null ? current.found : null;
  const sizes = found ? localSizes(found) : [];

  return (
    <LineFieldset
      testId="exchange-line"
      legend={`Producto ${index + 1}`}
      after={<LineFooter line={line} canRemove={canRemove} onRemove={onRemove} />}
    >
      <CodeSearchField
        value={line.reference_code}
        onChange={(v) =>
          onChange({ ...line, reference_code: v, catalogue_price: null, override: null, unit_price: "" })
        }
        onChoose={choose}
        onLookUp={() => void lookUp()}
        loading={current?.status === "loading"}
        error={
          current?.status === "missing"
            ? "Código no encontrado en el catálogo"
            : current?.status === "offline"
              ? current.message
              : undefined
        }
        searchKey
      />
      {line.catalogue_price !== null && (
        <div className="col-span-2 rounded-lg bg-stone-50 px-3 py-2 text-sm" data-testid="exchange-product">
          <p className="flex justify-between gap-3">
            <span className="min-w-0">
              <span className="block font-semibold text-stone-900">{productName(line)}</span>
              {line.color && <span className="block text-stone-600">{line.color}</span>}
            </span>
            <span className="shrink-0 font-semibold tabular-nums" data-testid="exchange-price">
              {formatCOP(line.catalogue_price)}
            </span>
          </p>
          {found && (
            <div className="mt-2">
              <p className="text-xs text-stone-600">
                {sizes.length > 0 ? "Tallas en este local (toca una):" : "No hay pares de este producto en este local"}
              </p>
              {sizes.length > 0 && (
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {sizes.map((size) => (
                    <button
                      key={size}
                      type="button"
                      aria-pressed={line.size.trim() === size}
                      aria-label={`Talla ${size}`}
                      onClick={() => onChange({ ...line, size })}
                      className="min-h-9 min-w-11 rounded-lg border border-stone-300 bg-white px-2 text-sm font-semibold text-stone-800 aria-pressed:border-orange-600 aria-pressed:bg-orange-50 aria-pressed:text-orange-900"
                    >
                      {size}
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}
        </div>
      )}
      <TextField
        label="Talla *"
        value={line.size}
        onChange={(size) => onChange({ ...line, size })}
        placeholder="Ej. 41"
        inputMode="decimal"
        autoComplete="off"
      />
      <NumberField
        label="Cantidad *"
        min={1}
        value={line.quantity}
        onChange={(quantity) => onChange({ ...line, quantity })}
      />
    </LineFieldset>
  );
}
