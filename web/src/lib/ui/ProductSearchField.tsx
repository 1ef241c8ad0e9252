import type { ReactNode } from "react";
import { useState } from "react";
import { type CatalogueSuggestion, useCatalogueSuggestions } from "../catalogue/useCatalogueSearch";
import { formatCOP, productName, referenceWithColor } from "../format";
import { Combobox } from "./Combobox";

type Props = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onChoose: (suggestion: CatalogueSuggestion) => void;
  placeholder?: string | undefined;
  /** the field's own hint; the catalogue's state (loading, offline copy) is said when it matters */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** load the catalogue only once the field is focused (forms that may never search) */
  loadOnFocus?: boolean;
  inputProps?: Parameters<typeof Combobox>[0]["inputProps"];
};

const CODE_LABEL = { barcode: "Código de barras", sku: "SKU", reference_code: "Referencia", text: "" } as const;

/** What matched, when it was a box code: the code's kind and the size it names. */
function matchedCode({ matchedBy, size }: CatalogueSuggestion): string | null {
  if (matchedBy !== "barcode" && matchedBy !== "sku") return null;
  return `${CODE_LABEL[matchedBy]}${size ? ` · talla ${size}` : ""}`;
}

function SuggestionRow({ suggestion }: { suggestion: CatalogueSuggestion }) {
  const p = suggestion.product;
  const code = matchedCode(suggestion);
  return (
    <span className="min-w-0 flex-1">
      <span className="flex items-baseline justify-between gap-2">
        <span className="truncate font-semibold text-stone-900">{productName(p)}</span>
        <span className="shrink-0 text-sm font-semibold text-stone-900 tabular-nums">{formatCOP(p.unit_price)}</span>
      </span>
      <span className="block truncate text-xs text-stone-600">
        {referenceWithColor(p)}
        {code ? ` · ${code}` : ""}
      </span>
    </span>
  );
}

/**
 * A text field that suggests catalogue products as the seller types a reference code, barcode, SKU,
 * brand, model or colour — from the catalogue kept on the phone, so it works offline too.
 */
export function ProductSearchField({
  label,
  value,
  onChange,
  onChoose,
  placeholder,
  hint,
  error,
  className,
  loadOnFocus = false,
  inputProps = {},
}: Props) {
  const [wanted, setWanted] = useState(!loadOnFocus);
  const { suggestions, catalogue } = useCatalogueSuggestions(value, wanted);
  const status = !wanted
    ? null
    : catalogue.isPending
      ? "Cargando catálogo..."
      : catalogue.isError
        ? "Catálogo no disponible: sin conexión"
        : catalogue.data?.source === "cache" && typeof navigator !== "undefined" && !navigator.onLine
          ? "Sin conexión: catálogo guardado en el teléfono"
          : null;
  return (
    <Combobox
      label={label}
      value={value}
      onChange={onChange}
      options={suggestions}
      optionKey={(s) => String(s.product.product_id)}
      renderOption={(s) => <SuggestionRow suggestion={s} />}
      onChoose={onChoose}
      listLabel="Productos del catálogo"
      emptyText={catalogue.data ? "Ningún producto del catálogo coincide" : undefined}
      placeholder={placeholder}
      hint={value.trim() && status ? status : hint}
      error={error}
      className={className}
      inputProps={{
        ...inputProps,
        onFocus: (e) => {
          setWanted(true);
          inputProps.onFocus?.(e);
        },
      }}
    />
  );
}
