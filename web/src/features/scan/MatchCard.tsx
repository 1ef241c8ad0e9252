import { countLabel, formatCOP, formatPercent, productName, referenceWithColor } from "../../lib/format";
import { ProductPhoto } from "../../lib/logistics/ProductPhoto";
import type { DeviceGuess } from "../../ml/protocol";
import type { ScanMatch } from "./api";
import { availabilityOf, CONFIDENCE_LABEL, cardSizes, cardSuggestions } from "./logic";

const LEVEL_CLASS: Record<ScanMatch["confidence_level"], string> = {
  very_high: "bg-green-100 text-green-900",
  high: "bg-emerald-100 text-emerald-900",
  medium: "bg-amber-100 text-amber-900",
  low: "bg-stone-100 text-stone-700",
};

const AVAILABILITY = {
  local: { text: "Disponible en tu local", className: "text-green-800" },
  transfer: { text: "Requiere transferencia", className: "text-amber-800" },
  none: { text: "Sin stock en la empresa", className: "text-stone-600" },
} as const;

type Props =
  /** the server's ranked option */
  | { match: ScanMatch; onChoose: () => void; guess?: undefined }
  /** the phone's own first candidate, shown at once while the server answers */
  | { guess: DeviceGuess; match?: undefined; onChoose?: undefined };

/**
 * One ranked option: product, confidence, first 5 sizes, first 2 transfer suggestions. The first card
 * starts as the phone's candidate and the server's answer fills the same card in place (issue 33): the
 * same element, its top unchanged in size, so nothing the seller reads moves.
 */
export function MatchCard(props: Props) {
  if (props.guess) return <CandidateFrame guess={props.guess} />;
  return <CandidateFrame match={props.match} onChoose={props.onChoose} />;
}

function CandidateFrame({ match, guess, onChoose }: { match?: ScanMatch; guess?: DeviceGuess; onChoose?: () => void }) {
  const product = match?.product ?? guess?.product ?? null;
  const name = product ? productName(product) : `Producto #${guess?.product_id ?? ""}`;
  return (
    <article
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid={match ? "scan-match" : "device-guess"}
      aria-label={name}
      aria-busy={match ? undefined : true}
    >
      <div className="flex gap-3">
        <ProductPhoto path={product?.image_url} alt={name} className="size-20" />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="text-xs font-semibold text-stone-500">#{match ? match.rank : 1}</p>
            {/* one line in both states: the title below does not move when the server's answer comes */}
            {match ? (
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${LEVEL_CLASS[match.confidence_level]}`}
              >
                {formatPercent(match.confidence_percentage)} · {CONFIDENCE_LABEL[match.confidence_level]}
              </span>
            ) : (
              <span className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                Probable · en el dispositivo
              </span>
            )}
          </div>
          <h3 className="truncate font-bold text-stone-900">{name}</h3>
          <p className="truncate text-sm text-stone-600">{product ? referenceWithColor(product) : ""}</p>
          <p className="text-sm font-semibold text-stone-900">{product ? formatCOP(product.unit_price) : "\u00a0"}</p>
        </div>
      </div>
      {match ? (
        <MatchStock match={match} onChoose={onChoose} />
      ) : (
        <p className="mt-2 text-sm text-stone-600">Consultando stock en el servidor...</p>
      )}
    </article>
  );
}

function MatchStock({ match, onChoose }: { match: ScanMatch; onChoose?: () => void }) {
  const sizes = cardSizes(match);
  const suggestions = cardSuggestions(match);
  const availability = AVAILABILITY[availabilityOf(match)];
  return (
    <>
      <p className={`mt-2 text-sm font-semibold ${availability.className}`}>{availability.text}</p>
      <p className="mt-2 flex flex-wrap items-center gap-1.5" data-testid="match-sizes">
        <span className="sr-only">Tallas disponibles:</span>
        {sizes.shown.length === 0 && <span className="text-sm text-stone-600">Sin tallas con pares disponibles</span>}
        {sizes.shown.map((size) => (
          <span key={size} className="rounded-md border border-stone-300 px-2 py-0.5 text-sm font-medium">
            {size}
          </span>
        ))}
        {sizes.more > 0 && <span className="text-xs text-stone-600">+{sizes.more} más</span>}
      </p>
      {match.pair_formation_opportunities.length > 0 && (
        <p className="mt-2 text-xs text-sky-900">
          {countLabel(match.pair_formation_opportunities.length, "oportunidad", "oportunidades")} de formar pares con
          pies sueltos
        </p>
      )}
      {suggestions.length > 0 && (
        <ul className="mt-2 space-y-1 text-xs text-stone-700">
          {suggestions.map((s) => (
            <li key={`${s.size}-${s.source_location_id}`}>
              Talla {s.size}: transferir desde {s.location_name} ({s.metadata.available_quantity} disp., ~
              {s.estimated_time_minutes} min)
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={onChoose}
        className="mt-3 w-full rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-800"
      >
        Ver detalles
      </button>
    </>
  );
}
