import { useState } from "react";
import type { Customer } from "../../api/customers";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { secondaryButton } from "../../lib/ui/classes";
import { TextField } from "../../lib/ui/form";
import { ListCount } from "../../lib/ui/ListCount";
import { Notice } from "../../lib/ui/Notice";
import { SmallButton } from "../../lib/ui/SmallButton";
import { NewCustomerModal } from "./NewCustomerModal";
import { customerQueries } from "./queries";
import { useDebounced } from "./useDebounced";

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Digits or letters needed before searching (a document or phone start). */
const MIN_SEARCH = 3;

type Props = {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  /** 'Nuevo cliente' (the sale form); off where only a known customer makes sense (returns) */
  allowNew?: boolean;
};

/**
 * The sale's optional customer: search by document or phone as it is typed (name works too), pick one,
 * or register a new one. Customer data is not kept in this browser's storage (only in the query cache
 * while the app is open).
 */
export function CustomerPicker({ value, onChange, allowNew = true }: Props) {
  const [text, setText] = useState("");
  const [creating, setCreating] = useState(false);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = value === null && q.replace(/\s/g, "").length >= MIN_SEARCH;
  const search = useRemoteData({ ...customerQueries.search("seller", q), freshForMs: 30_000, enabled });

  if (value) {
    return (
      <div
        className="flex items-start justify-between gap-3 rounded-lg border border-stone-200 p-3"
        data-testid="picked-customer"
      >
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{value.name}</p>
          <p className="text-sm text-stone-600">
            {value.document}
            {value.phone && ` · ${value.phone}`}
          </p>
        </div>
        <SmallButton onClick={() => onChange(null)}>Quitar</SmallButton>
      </div>
    );
  }

  const found = enabled ? (search.data?.customers ?? []) : [];
  return (
    <div className="space-y-2">
      <TextField
        label="Buscar por documento o celular"
        type="search"
        inputMode="search"
        autoComplete="off"
        placeholder="Ej. 1020304050 o 3001234567"
        value={text}
        onChange={setText}
      />
      {enabled && search.busy && !search.data && <p className="text-sm text-stone-600">Buscando...</p>}
      {enabled && search.error && <Notice tone="error">Error al buscar clientes: {search.error}</Notice>}
      {/* the best matches only: say so, and how to narrow them down */}
      {found.length > 0 && search.data && found.length < search.data.total && (
        <div className="text-xs text-stone-600">
          <ListCount shown={found.length} total={search.data.total} one="cliente" many="clientes" className="" />
          <p>Escribe más del documento o del celular para acotar la búsqueda.</p>
        </div>
      )}
      {found.length > 0 && (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Clientes encontrados">
          {found.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                className="w-full px-3 py-3 text-left hover:bg-stone-50"
                onClick={() => {
                  onChange(customer);
                  setText("");
                }}
              >
                <span className="block font-semibold text-stone-900">{customer.name}</span>
                <span className="block text-sm text-stone-600">
                  {customer.document}
                  {customer.phone && ` · ${customer.phone}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {enabled && search.status === "ready" && found.length === 0 && (
        <p className="text-sm text-stone-600">No hay clientes con «{q}».</p>
      )}
      {allowNew && (
        <button type="button" className={`${secondaryButton} w-full sm:w-auto`} onClick={() => setCreating(true)}>
          Nuevo cliente
        </button>
      )}
      {creating && (
        <NewCustomerModal
          initialSearch={text}
          onClose={() => setCreating(false)}
          onCreated={(customer) => {
            setCreating(false);
            setText("");
            onChange(customer);
          }}
        />
      )}
    </div>
  );
}
