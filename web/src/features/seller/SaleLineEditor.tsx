import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useRef, useState } from "react";
import { type Lookup, lookupCode } from "../../api/catalogue";
import { ApiError } from "../../api/http";
import { searchCatalogue } from "../../lib/catalogue/search";
import {
  type CatalogueSuggestion,
  phoneCatalogueQuery,
  usePhoneCatalogue,
} from "../../lib/catalogue/useCatalogueSearch";
import { formatCOP } from "../../lib/format";
import { screenQuery } from "../../lib/query/spec";
import { sessionAtom } from "../../lib/session";
import { BarcodeScanButton } from "../../lib/ui/BarcodeScanButton";
import { linkButton } from "../../lib/ui/classes";
import { NumberField, TextField } from "../../lib/ui/form";
import { CodeSearchField } from "./CodeSearchField";
import { LineFieldset, type RowEdit } from "./LineList";
import { PriceOverrideDialog } from "./PriceOverrideDialog";
import { sellerQueries } from "./queries";
import { SizeChips } from "./SizeChips";
import { type LineDraft, lineSubtotal } from "./saleForm";

type Props = { line: LineDraft; index: number } & RowEdit<LineDraft>;

type TextKey = "brand" | "model" | "color" | "size";
type LookupState = { status: "idle" | "loading" | "missing" | "offline"; code: string };

type Named = { reference_code: string; brand: string; model: string; color: string | null; unit_price: number };

/** The line as the catalogue names it: its product, its price (an authorised price stays), the size a barcode names. */
export function withCatalogue(line: LineDraft, found: Lookup): LineDraft {
  return withProduct(line, found.product, found.size);
}

/** The same for a product chosen among the search's suggestions (the phone's copy of the catalogue). */
export function withSuggestion(line: LineDraft, suggestion: CatalogueSuggestion): LineDraft {
  return withProduct(line, suggestion.product, suggestion.size);
}

function withProduct(line: LineDraft, p: Named, size: string | null): LineDraft {
  const samePrice = line.override !== null && line.reference_code === p.reference_code;
  return {
    ...line,
    reference_code: p.reference_code,
    brand: p.brand,
    model: p.model,
    color: p.color ?? "",
    size: size ?? line.size,
    catalogue_price: p.unit_price,
    unit_price: samePrice ? line.unit_price : String(p.unit_price),
    override: samePrice ? line.override : null,
  };
}

/**
 * One product line. Typing in the reference field suggests products of the phone's catalogue (by code,
 * brand, model or colour; offline too), and choosing one fills the line. The reference (or a box
 * barcode or SKU) typed in full is looked up in the catalogue, which fills
 * brand, model and colour and prices the line; the price is read-only and 'Cambiar precio' asks an
 * administrador's PIN. Without a connection the price can be typed (the server checks it anyway).
 * Once the reference is known, the sizes in stock at the store are offered as chips.
 */
export function SaleLineEditor({ line, index, canRemove, onChange, onRemove }: Props) {
  const [lookup, setLookup] = useState<LookupState>({ status: "idle", code: "" });
  const [changingPrice, setChangingPrice] = useState(false);
  // the phone's copy of the catalogue, once the search loaded it (read here, never fetched)
  const phone = usePhoneCatalogue(false).data;
  const client = useQueryClient();
  const user = useAtomValue(sessionAtom);
  const latest = useRef(line);
  latest.current = line;
  const set = (field: keyof LineDraft) => (value: string) => onChange({ ...line, [field]: value });

  async function lookUp(code = line.reference_code.trim()) {
    // already priced from the catalogue for this code: nothing to ask
    if (!code || (line.catalogue_price !== null && lookup.code === code)) return;
    setLookup({ status: "loading", code });
    try {
      const found = await lookupCode(code);
      // the answer carries the stock per size: the size chips read it instead of asking again
      const { queryKey } = screenQuery(sellerQueries.productStock(found.product.reference_code));
      client.setQueryData(queryKey, { data: found, receivedAt: new Date().toISOString() });
      setLookup({ status: "idle", code: found.product.reference_code });
      if (latest.current.reference_code.trim() === code) onChange(withCatalogue(latest.current, found));
    } catch (error) {
      const missing = error instanceof ApiError && error.status === 404;
      // offline: a code the phone's catalogue knows exactly still fills the line (read from the phone's
      // copy now if no search has loaded it yet, e.g. after the app was opened without a connection)
      const catalogue = missing
        ? null
        : (phone ?? (await client.fetchQuery(phoneCatalogueQuery(user)).catch(() => null)));
      const [known] = catalogue ? searchCatalogue(catalogue.index, code, 1) : [];
      if (known?.exact && latest.current.reference_code.trim() === code) {
        setLookup({ status: "idle", code: known.product.reference_code });
        onChange(withSuggestion(latest.current, known));
        return;
      }
      setLookup({ status: missing ? "missing" : "offline", code });
      if (missing) onChange({ ...latest.current, catalogue_price: null, override: null });
    }
  }

  function choose(suggestion: CatalogueSuggestion) {
    // priced from the phone's catalogue: the blur that follows asks the server nothing
    setLookup({ status: "idle", code: suggestion.product.reference_code });
    onChange(withSuggestion(latest.current, suggestion));
  }

  const text = (field: TextKey, label: string, extra: { placeholder?: string; required?: boolean } = {}) => (
    <TextField
      label={
        <>
          {label}
          {extra.required === false ? <span className="font-normal text-stone-500"> (opcional)</span> : " *"}
        </>
      }
      value={line[field]}
      onChange={set(field)}
      placeholder={extra.placeholder}
      autoComplete="off"
    />
  );

  const catalogue = line.catalogue_price;
  const priceDialog = changingPrice && catalogue !== null && (
    <PriceOverrideDialog
      reference={line.reference_code.trim()}
      cataloguePrice={catalogue}
      onClose={() => setChangingPrice(false)}
      onAuthorised={(o) => {
        setChangingPrice(false);
        onChange({
          ...latest.current,
          unit_price: String(o.new_price),
          override: { id: o.id, approved_by: o.approved_by.name, reason: o.reason },
        });
      }}
    />
  );
  return (
    <LineFieldset
      testId="sale-line"
      legend={`Producto ${index + 1}`}
      after={
        <>
          <LineFooter line={line} canRemove={canRemove} onRemove={onRemove} />
          {priceDialog}
        </>
      }
    >
      <CodeSearchField
        value={line.reference_code}
        onChange={(v) => onChange({ ...line, reference_code: v, catalogue_price: null, override: null })}
        onChoose={choose}
        onLookUp={() => void lookUp()}
        loading={lookup.status === "loading"}
        error={
          lookup.status === "missing" && lookup.code === line.reference_code.trim()
            ? "Código no encontrado en el catálogo"
            : undefined
        }
      />
      <div className="col-span-2 -mt-1 flex flex-wrap items-center gap-2">
        <BarcodeScanButton
          label="Escanear código de la caja"
          onRead={(code) => {
            // the box's code names the product and its size: looked up as if typed
            const next = { ...latest.current, reference_code: code, catalogue_price: null, override: null };
            // the answer may come before the next render: it must find the line with this code
            latest.current = next;
            onChange(next);
            void lookUp(code);
          }}
        />
      </div>
      {text("brand", "Marca")}
      {text("model", "Modelo")}
      {text("color", "Color", { required: false })}
      {text("size", "Talla", { placeholder: "Ej. 40" })}
      {catalogue !== null && line.reference_code.trim() !== "" && (
        <SizeChips reference={line.reference_code.trim()} size={line.size} onSize={set("size")} />
      )}
      <NumberField label="Cantidad *" min={1} value={line.quantity} onChange={(v) => set("quantity")(v)} />
      {catalogue === null ? (
        <NumberField
          decimal
          label="Precio unitario *"
          value={line.unit_price}
          onChange={(v) => set("unit_price")(v)}
          placeholder="0"
          hint={lookup.status === "offline" ? "Sin conexión: se validará con el catálogo" : "Se toma del catálogo"}
        />
      ) : (
        <div>
          <p className="block text-sm font-medium text-stone-700">Precio unitario</p>
          <p className="mt-1 font-semibold text-stone-900 tabular-nums" data-testid="line-price">
            {formatCOP(Number(line.unit_price))}
          </p>
          {line.override ? (
            <p className="text-xs text-stone-600">
              Autorizado por {line.override.approved_by} (catálogo {formatCOP(catalogue)}){" "}
              <button
                type="button"
                className={linkButton}
                onClick={() => onChange({ ...line, unit_price: String(catalogue), override: null })}
              >
                Volver al de catálogo
              </button>
            </p>
          ) : (
            <button type="button" className={linkButton} onClick={() => setChangingPrice(true)}>
              Cambiar precio
            </button>
          )}
        </div>
      )}
    </LineFieldset>
  );
}

/** A line's subtotal and its "Quitar producto" (the sale form's and the exchange's lines). */
export function LineFooter({
  line,
  canRemove,
  onRemove,
}: {
  line: LineDraft;
  canRemove: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="mt-3 flex items-center justify-between">
      <p className="text-sm text-stone-700">
        Subtotal: <span className="font-semibold">{formatCOP(lineSubtotal(line) / 100)}</span>
      </p>
      {canRemove && (
        <button type="button" onClick={onRemove} className="text-sm font-semibold text-red-700 hover:text-red-800">
          Quitar producto
        </button>
      )}
    </div>
  );
}
