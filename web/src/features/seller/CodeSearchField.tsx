import type { KeyboardEvent } from "react";
import type { CatalogueSuggestion } from "../../lib/catalogue/useCatalogueSearch";
import { ProductSearchField } from "../../lib/ui/ProductSearchField";

type Props = {
  value: string;
  onChange: (value: string) => void;
  onChoose: (suggestion: CatalogueSuggestion) => void;
  /** Looks the typed code up in the catalogue: on leaving the field, or on Enter. */
  onLookUp: () => void;
  loading: boolean;
  error: string | undefined;
  /** The phone keyboard's Enter key says 'search'. */
  searchKey?: boolean;
};

/** 'Código de referencia *' of a sale's or an exchange's product line: suggestions as typed, a full code looked up. */
export function CodeSearchField({ value, onChange, onChoose, onLookUp, loading, error, searchKey = false }: Props) {
  return (
    <ProductSearchField
      className="col-span-2"
      label="Código de referencia *"
      value={value}
      onChange={onChange}
      onChoose={onChoose}
      placeholder="Referencia, código, marca o modelo"
      loadOnFocus
      error={error}
      hint={
        loading
          ? "Buscando en el catálogo..."
          : "Referencia, código de barras o SKU; o escribe marca, modelo o color y elige"
      }
      inputProps={{
        autoCapitalize: "characters",
        ...(searchKey ? { enterKeyHint: "search" as const } : {}),
        onBlur: onLookUp,
        onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onLookUp();
          }
        },
      }}
    />
  );
}
