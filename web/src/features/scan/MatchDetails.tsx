import { type ReactNode, useState } from "react";
import {
  countLabel,
  formatCOP,
  formatDateTime,
  formatPercent,
  productName,
  referenceWithColor,
} from "../../lib/format";
import { ProductPhoto } from "../../lib/logistics/ProductPhoto";
import { PressedButtons } from "../../lib/ui/PressedButtons";
import type { ScannerPrefill } from "../seller/transfers/search";
import type { ScanMatch } from "./api";
import type { FoundBy } from "./flow";
import { stockAgeLabel } from "./lastStock";
import {
  buildSale,
  buildTransferRequest,
  CONFIDENCE_LABEL,
  canSellHere,
  DEFAULT_SIZES,
  defaultLocation,
  defaultSize,
  locationChoices,
  type ScannedSale,
  scannedSale,
  sizeChoices,
  sizeDetail,
} from "./logic";

type Props = {
  match: ScanMatch;
  userLocationId: number | null;
  onSell: (sale: ScannedSale) => void;
  onTransfer: (prefill: ScannerPrefill) => void;
  onBack: () => void;
  /** found by its box code or chosen in the search: no confidence to show, that size chosen, 'back' to the search */
  foundBy?: FoundBy;
};

const FOUND_BY_LABEL: Record<FoundBy["via"], string> = {
  barcode: "Encontrado por código de barras",
  search: "Elegido en la búsqueda",
};

const LOCATION_TYPE: Record<string, string> = { bodega: "Bodega", local: "Local" };

/** The product's photo, name, reference, colour and price, with what the stage adds under them. */
/** Where the size has pairs: here (green), elsewhere (amber) or nowhere (grey). */
function stockTone(match: ScanMatch, size: string): string {
  const d = sizeDetail(match, size);
  if (d?.local_availability.summary.can_sell_now) return "border-green-600 text-green-900";
  if ((d?.global_distribution.total_pairs ?? 0) > 0) return "border-amber-500 text-amber-900";
  return "border-stone-300 text-stone-500";
}

type ChipsProps = {
  choices: readonly string[];
  size: string | null;
  onChoose: (size: string) => void;
  /** The classes of a size not chosen (the chosen one is filled orange). */
  tone: (size: string) => string;
  children?: ReactNode;
};

/** 'Talla': a chip per size, pressed when chosen; `children` under the chips (the colours' key). */
function SizeChips({ choices, size, onChoose, tone, children }: ChipsProps) {
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-sm font-semibold text-stone-800">Talla</legend>
      <div className="flex flex-wrap gap-2">
        <PressedButtons
          value={size}
          options={choices.map((s) => ({ value: s, label: s }))}
          onChange={onChoose}
          classOf={(chosen, s) =>
            `min-w-12 rounded-lg border px-3 py-2 text-sm font-semibold ${
              chosen ? "border-orange-700 bg-orange-700 text-white" : tone(s)
            }`
          }
        />
      </div>
      {children}
    </fieldset>
  );
}

function ProductHeader({
  product,
  photo,
  children,
}: {
  product: ScanMatch["product"];
  photo: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <ProductPhoto path={photo} alt={productName(product)} className="size-24" />
      <div className="min-w-0">
        <h2 className="text-lg font-bold text-stone-900">{productName(product)}</h2>
        <p className="text-sm text-stone-600">{referenceWithColor(product)}</p>
        <p className="font-semibold">{formatCOP(product.unit_price)}</p>
        {children}
      </div>
    </div>
  );
}

/** Details stage: size and location choice, then 'Vender' (sales form) or 'Solicitar transferencia'. */
export function MatchDetails({ match, userLocationId, onSell, onTransfer, onBack, foundBy }: Props) {
  const initialSize = foundBy?.size ?? null;
  // a box code names its size even when no location holds a pair of it: shown, chosen, and said so
  const choices = sizeChoices(match);
  if (initialSize && !choices.includes(initialSize)) choices.push(initialSize);
  const [size, setSize] = useState<string | null>(() => initialSize ?? defaultSize(match));
  const detail = sizeDetail(match, size);
  const [locationId, setLocationId] = useState<number | null>(() => defaultLocation(detail, userLocationId));
  const [error, setError] = useState<string | null>(null);
  const places = locationChoices(detail, userLocationId);
  const local = detail?.local_availability;
  const formation = match.pair_formation_opportunities.filter((f) => f.size === size);
  const suggestions = match.transfer_suggestions.filter((s) => s.size === size);
  const { product } = match;

  function chooseSize(next: string) {
    setSize(next);
    setLocationId(defaultLocation(sizeDetail(match, next), userLocationId));
    setError(null);
  }

  function sell() {
    const sale = buildSale(match, size);
    if ("error" in sale) setError(sale.error);
    else onSell(sale);
  }

  function transfer() {
    const built = buildTransferRequest(match, size, locationId, userLocationId);
    if (built.ok) onTransfer(built.prefill);
    else setError(built.error);
  }

  return (
    <section className="space-y-4" aria-label="Detalles del producto" data-testid="scan-details">
      <ProductHeader product={product} photo={product.image_url}>
        {foundBy ? (
          <p className="text-xs text-stone-600" data-testid="found-by">
            {FOUND_BY_LABEL[foundBy.via]}
            {foundBy.via === "barcode" ? ` ${foundBy.code}` : ""}
            {foundBy.size ? ` · talla ${foundBy.size}` : ""}
          </p>
        ) : (
          <p className="text-xs text-stone-600">
            Confianza {formatPercent(match.confidence_percentage)} ({CONFIDENCE_LABEL[match.confidence_level]})
          </p>
        )}
        {product.description && <p className="mt-1 text-sm text-stone-700">{product.description}</p>}
      </ProductHeader>

      <SizeChips choices={choices} size={size} onChoose={chooseSize} tone={(s) => stockTone(match, s)}>
        <p className="mt-2 text-xs text-stone-600">Verde: en tu local · Ámbar: en otra ubicación · Gris: sin pares</p>
      </SizeChips>

      {size !== null && !detail && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="status">
          No hay pares de la talla {size} en ninguna ubicación.
        </p>
      )}

      {local && (
        <div className="rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-sm" data-testid="local-stock">
          <p className="font-semibold text-stone-900">En tu local ({local.location_name ?? "sin ubicación"})</p>
          <p className="mt-1 text-stone-700">
            Pares para venta: {local.pairs.quantity_available_sale} · Exhibición: {local.pairs.quantity_exhibition} ·
            Pies sueltos: {local.individual_feet.left.quantity} izq. / {local.individual_feet.right.quantity} der.
          </p>
          <p className={`mt-1 font-semibold ${local.summary.can_sell_now ? "text-green-800" : "text-amber-800"}`}>
            {local.summary.can_sell_now ? "Puedes venderlo ahora" : "No hay pares para vender aquí en esta talla"}
          </p>
        </div>
      )}

      <fieldset className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-stone-800">Ubicación</legend>
        {places.length === 0 ? (
          <p className="text-sm text-stone-600">Ninguna ubicación tiene esta talla.</p>
        ) : (
          <ul className="space-y-2">
            {places.map((place) => (
              <li key={place.location_id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3 py-2 has-[:checked]:border-orange-600 has-[:checked]:bg-orange-50">
                  <input
                    type="radio"
                    name="scan-location"
                    checked={place.location_id === locationId}
                    onChange={() => {
                      setLocationId(place.location_id);
                      setError(null);
                    }}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-stone-900">
                      {place.location_name}
                      {place.location_id === userLocationId ? " (tu local)" : ""}
                    </span>
                    <span className="block text-xs text-stone-600">
                      {LOCATION_TYPE[place.location_type] ?? place.location_type} ·{" "}
                      {countLabel(place.pairs, "par", "pares")} · {place.left_feet} izq. · {place.right_feet} der.
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {(formation.length > 0 || suggestions.length > 0) && (
        <div className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
          {formation.map((f) => (
            <p key={f.action}>
              Formar par: pedir {f.action === "solicitar_pie_derecho" ? "pie derecho" : "pie izquierdo"} desde{" "}
              {f.from_locations.map((l) => `${l.location_name} (${l.quantity})`).join(", ")} · ~{f.estimated_time_hours}{" "}
              h
            </p>
          ))}
          {suggestions.map((s) => (
            <p key={`${s.source_location_id}`}>
              Transferencia desde {s.location_name}: {s.metadata.available_quantity} disp., ~{s.estimated_time_minutes}{" "}
              min
            </p>
          ))}
        </div>
      )}

      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={sell}
          disabled={!canSellHere(detail)}
          className="inline-flex flex-1 items-center justify-center rounded-lg bg-orange-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Vender
        </button>
        <button
          type="button"
          onClick={transfer}
          className="inline-flex flex-1 items-center justify-center rounded-lg bg-stone-900 px-4 py-3 font-semibold text-white shadow-sm hover:bg-stone-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Solicitar transferencia
        </button>
      </div>
      <button type="button" onClick={onBack} className="text-sm font-semibold text-orange-700 hover:text-orange-800">
        {foundBy ? "← Volver a la búsqueda" : "← Volver a las opciones"}
      </button>
    </section>
  );
}

/** Offline, above a product's stock: it is the stock last received on this phone, and when. */
export function StockAge({ receivedAt }: { receivedAt: string }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="stock-age"
    >
      <span className="block font-semibold">{stockAgeLabel(receivedAt)}</span>
      <span className="block">
        Último stock recibido en este teléfono ({formatDateTime(receivedAt)}); puede haber cambiado. La venta se guarda
        en el teléfono y el servidor la confirma al volver la conexión.
      </span>
    </p>
  );
}

/**
 * A product of the phone's catalogue without a connection and with no stock kept for it: its name and
 * price, the sizes the catalogue lists, and 'Vender' (the sale waits in the outbox; the server checks
 * the stock when it arrives).
 */
export function OfflineProduct({
  match,
  size: initialSize,
  sizes: catalogueSizes = [],
  onSell,
  onBack,
  backLabel = "← Volver a la búsqueda",
}: {
  match: ScanMatch;
  size: string | null;
  backLabel?: string;
  /** the sizes the phone's catalogue lists for the product */
  sizes?: string[];
  onSell?: (sale: ScannedSale) => void;
  onBack: () => void;
}) {
  const { product } = match;
  const choices = catalogueSizes.length > 0 ? [...catalogueSizes] : [...DEFAULT_SIZES];
  if (initialSize && !choices.includes(initialSize)) choices.push(initialSize);
  const [size, setSize] = useState<string | null>(initialSize);
  return (
    <section className="space-y-4" aria-label="Detalles del producto" data-testid="scan-details">
      <ProductHeader product={product} photo={null}>
        {size && <p className="text-sm text-stone-600">Talla {size}</p>}
      </ProductHeader>
      <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <p className="font-medium" data-testid="scan-offline">
          Sin conexión: stock no disponible
        </p>
        <p className="mt-0.5">
          Este teléfono no ha recibido aún el stock de este producto. Puedes venderlo: la venta se guarda en el teléfono
          y el servidor confirma el stock al enviarla.
        </p>
      </div>
      {onSell && (
        <>
          <SizeChips choices={choices} size={size} onChoose={setSize} tone={() => "border-stone-300 text-stone-700"} />
          <button
            type="button"
            disabled={size === null}
            onClick={() => size !== null && onSell(scannedSale(product, size))}
            className="inline-flex w-full items-center justify-center rounded-lg bg-orange-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {size === null ? "Elige la talla para vender" : "Vender"}
          </button>
        </>
      )}
      <button type="button" onClick={onBack} className="text-sm font-semibold text-orange-700 hover:text-orange-800">
        {backLabel}
      </button>
    </section>
  );
}
