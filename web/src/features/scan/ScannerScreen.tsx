import { type Dispatch, useState } from "react";
import type { CatalogueSuggestion } from "../../lib/catalogue/useCatalogueSearch";
import { countLabel, formatCOP, formatPercent, productName, referenceWithColor } from "../../lib/format";
import { ProductPhoto } from "../../lib/logistics/ProductPhoto";
import { ProductSearchField } from "../../lib/ui/ProductSearchField";
import type { DeviceGuess } from "../../ml/protocol";
import type { ScannerPrefill } from "../seller/transfers/search";
import { type DeviceResult, NO_MATCHES_ADVICE, SCAN_ERRORS, type ScanAction, type ScanState } from "./flow";
import { knownStock, localPairs, stockAgeLabel } from "./lastStock";
import type { ScannedSale } from "./logic";
import { MatchCard } from "./MatchCard";
import { MatchDetails, OfflineProduct, StockAge } from "./MatchDetails";
import { ScanInfoCard } from "./ScanInfoCard";

type Props = {
  state: ScanState;
  dispatch: Dispatch<ScanAction>;
  photoUrl: string | null;
  /** a photo is being scanned and its preview is on its way: its place is kept so nothing moves */
  photoPending?: boolean;
  userLocationId: number | null;
  /** 'Escanear de nuevo' / retry: opens the camera again. */
  onRetry: () => void;
  onManualSale: () => void;
  onSell: (sale: ScannedSale) => void;
  onTransfer: (prefill: ScannerPrefill) => void;
  /** a product chosen in the search: resolves when its details are shown */
  onFind: (suggestion: CatalogueSuggestion) => Promise<void>;
  /** the seller's id: the stock last received on this phone is kept per user */
  userId?: number | null;
  /** the on-device results' 'Reintentar': the same photo to the server again */
  onRetryServer?: () => void;
  /** an on-device candidate chosen while the server cannot be reached */
  onChooseGuess?: (guess: DeviceGuess, device: DeviceResult) => void;
};

const card = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm";

function Banner({ device }: { device: DeviceResult | null }) {
  return (
    <div className="rounded-xl bg-gradient-to-r from-stone-900 to-stone-700 p-4 text-white shadow-sm">
      <p className="text-lg font-bold">Escáner de productos con IA</p>
      <p className="text-sm text-stone-200">
        Reconoce el zapato en tu teléfono y lo busca en el catálogo de la empresa con su stock en cada ubicación.
      </p>
      {device && (
        <p
          className={`mt-2 inline-block rounded-full px-3 py-1 text-xs font-semibold ${
            device.footwear.is_footwear ? "bg-green-500/20 text-green-100" : "bg-amber-400/20 text-amber-100"
          }`}
          data-testid="footwear-verdict"
        >
          {device.footwear.is_footwear
            ? `Calzado detectado (${Math.round(device.footwear.score * 100)} %)`
            : "La foto no parece mostrar calzado"}
        </p>
      )}
    </div>
  );
}

/** An on-device candidate while the server cannot be reached: the phone's copy and the stock last received. */
function OfflineGuessCard({
  guess,
  userId,
  onChoose,
}: {
  guess: DeviceGuess;
  userId: number | null;
  onChoose: () => void;
}) {
  const product = guess.product;
  const known = knownStock(userId, guess.product_id);
  const name = product ? productName(product) : `Producto #${guess.product_id}`;
  return (
    <article className={`${card} flex gap-3`} data-testid="device-option">
      <ProductPhoto path={product?.image_url} alt={name} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-bold text-stone-900">{name}</p>
        {product && (
          <p className="truncate text-sm text-stone-600">
            {referenceWithColor(product)} · {formatCOP(product.unit_price)}
          </p>
        )}
        <p className="text-xs text-stone-600">Parecido {formatPercent(Math.max(0, guess.similarity) * 100)}</p>
        <p className="mt-1 text-sm" data-testid="device-option-stock">
          {known ? (
            <>
              <span className="font-semibold text-stone-900">
                {localPairs(known.stock) > 0
                  ? `${countLabel(localPairs(known.stock), "par", "pares")} en tu local`
                  : known.stock.global_summary.total_pairs > 0
                    ? `${known.stock.global_summary.total_pairs} pares en otras ubicaciones`
                    : "Sin pares"}
              </span>
              <span className="block text-xs text-amber-900">{stockAgeLabel(known.receivedAt)}</span>
            </>
          ) : (
            <span className="text-amber-900">Sin conexión: stock no disponible</span>
          )}
        </p>
        {product && (
          <button
            type="button"
            onClick={onChoose}
            className="mt-2 rounded-lg bg-stone-900 px-3 py-2 text-sm font-semibold text-white"
          >
            Ver detalles
          </button>
        )}
      </div>
    </article>
  );
}

/** The server could not be reached: the phone's own candidates, labelled, with a retry. */
function DeviceResults({
  state,
  userId,
  onRetryServer,
  onChooseGuess,
}: {
  state: Extract<ScanState, { stage: "device" }>;
  userId: number | null;
  onRetryServer?: () => void;
  onChooseGuess?: (guess: DeviceGuess, device: DeviceResult) => void;
}) {
  const guesses = state.device.guesses;
  return (
    <section aria-label="Resultados en el teléfono" className="space-y-3">
      <div
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        role="status"
        data-testid="scan-device-offline"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold">Resultados del teléfono (sin conexión)</p>
            <p className="mt-0.5 text-sm">
              {state.reason ? `${state.reason}. ` : ""}Reconocido en este teléfono con el catálogo guardado; el stock es
              el último recibido y puede no estar al día.
            </p>
          </div>
          {onRetryServer && (
            <button
              type="button"
              onClick={onRetryServer}
              className="shrink-0 rounded-lg bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800"
            >
              Reintentar
            </button>
          )}
        </div>
      </div>
      {guesses.length === 0 ? (
        <div className={`${card} text-center`} data-testid="scan-none">
          <p className="font-bold text-stone-900">{SCAN_ERRORS.noMatches} en el catálogo del teléfono</p>
          <p className="mt-1 text-sm text-stone-700">{NO_MATCHES_ADVICE}</p>
        </div>
      ) : (
        <>
          <h2 className="font-bold text-stone-900">Coincidencias en el teléfono</h2>
          {guesses.map((guess) => (
            <OfflineGuessCard
              key={guess.product_id}
              guess={guess}
              userId={userId}
              onChoose={() => onChooseGuess?.(guess, state.device)}
            />
          ))}
        </>
      )}
    </section>
  );
}

/** 'Buscar por referencia, código, marca o modelo': the phone's catalogue, offline too. */
function SearchBox({ onFind }: { onFind: Props["onFind"] }) {
  const [text, setText] = useState("");
  const [finding, setFinding] = useState(false);
  return (
    <div className={card}>
      <ProductSearchField
        label="Buscar por referencia, código, marca o modelo"
        value={text}
        onChange={setText}
        placeholder="Ej. Air Max, 7701234567890, NIKEAIRM-01"
        hint={finding ? "Consultando stock..." : "Sin foto: escribe y elige el producto"}
        onChoose={(suggestion) => {
          setFinding(true);
          void onFind(suggestion).finally(() => setFinding(false));
        }}
        inputProps={{ type: "search", enterKeyHint: "search", autoCapitalize: "none" }}
      />
    </div>
  );
}

/** Scanner screen (spec 1 §2): banner, scan info card, stages processing → options → details, errors. */
export function ScannerScreen({
  state,
  dispatch,
  photoUrl,
  photoPending = false,
  userLocationId,
  onRetry,
  onManualSale,
  onSell,
  onTransfer,
  onFind,
  userId = null,
  onRetryServer,
  onChooseGuess,
}: Props) {
  const device = "device" in state ? state.device : null;
  const topGuess = device?.guesses[0];
  // The first candidate keeps one card from the phone's guess to the server's answer (same key, same
  // place); what comes and goes between them (status, the scan's facts, the search) sits below it.
  const candidates =
    state.stage === "options"
      ? state.response.results.matches.map((match, i) => (
          <MatchCard
            key={i === 0 ? "first" : match.product.product_id}
            match={match}
            onChoose={() => dispatch({ type: "choose", productId: match.product.product_id })}
          />
        ))
      : state.stage === "processing" && topGuess
        ? [<MatchCard key="first" guess={topGuess} />]
        : null;
  const searchOnTop = state.stage === "idle";
  const searchBelow = state.stage === "options" || state.stage === "none" || state.stage === "device";
  return (
    <div className="space-y-4" data-testid={`scan-stage-${state.stage}`}>
      <Banner device={device} />
      {searchOnTop && <SearchBox onFind={onFind} />}
      {(photoUrl || photoPending) && (
        <div className="flex h-48 w-full items-center justify-center overflow-hidden rounded-lg bg-stone-100">
          {photoUrl && <img src={photoUrl} alt="Foto del producto" className="h-full w-full object-contain" />}
        </div>
      )}

      {state.stage === "processing" && !topGuess && (
        <div className={`${card} flex items-center gap-3`} role="status">
          <span
            aria-hidden="true"
            className="size-6 shrink-0 animate-spin rounded-full border-2 border-stone-300 border-t-orange-600"
          />
          <p className="font-medium text-stone-800">
            {state.step === "device"
              ? "Analizando con IA..."
              : state.step === "code"
                ? "Buscando el código en el catálogo..."
                : "Buscando en el catálogo y el stock..."}
          </p>
        </div>
      )}

      {candidates && (
        <section aria-label="Productos encontrados" className="space-y-3" data-testid="scan-candidates">
          <h2 className="font-bold text-stone-900">Productos encontrados</h2>
          {candidates[0]}
          {state.stage === "processing" && (
            <p className="flex items-center gap-2 text-sm text-stone-700" role="status">
              <span
                aria-hidden="true"
                className="size-4 shrink-0 animate-spin rounded-full border-2 border-stone-300 border-t-orange-600"
              />
              Buscando en el catálogo y el stock...
            </p>
          )}
          {candidates.slice(1)}
        </section>
      )}

      {state.stage === "device" && (
        <DeviceResults state={state} userId={userId} onRetryServer={onRetryServer} onChooseGuess={onChooseGuess} />
      )}

      {state.stage === "details" && <ScanInfoCard response={state.response} device={device} />}
      {state.stage === "details" &&
        (state.offline && !state.stockAt ? (
          <OfflineProduct
            match={state.match}
            size={state.found?.size ?? null}
            sizes={state.catalogueSizes ?? []}
            onSell={onSell}
            onBack={() => dispatch({ type: "back" })}
            backLabel={state.found ? "← Volver a la búsqueda" : "← Volver a los resultados"}
          />
        ) : (
          <>
            {state.offline && state.stockAt && <StockAge receivedAt={state.stockAt} />}
            <MatchDetails
              key={state.match.product.product_id}
              match={state.match}
              userLocationId={userLocationId}
              onSell={onSell}
              onTransfer={onTransfer}
              onBack={() => dispatch({ type: "back" })}
              foundBy={state.found}
            />
          </>
        ))}

      {state.stage === "none" && (
        <div className={`${card} text-center`} role="status" data-testid="scan-none">
          <p className="text-lg font-bold text-stone-900">{SCAN_ERRORS.noMatches}</p>
          <p className="mt-1 text-sm text-stone-700">{NO_MATCHES_ADVICE}</p>
          <button
            type="button"
            onClick={onRetry}
            className="mt-3 rounded-lg bg-stone-900 px-4 py-2.5 font-semibold text-white"
          >
            Intentar de nuevo
          </button>
        </div>
      )}

      {(state.stage === "options" || state.stage === "none") && (
        <ScanInfoCard response={state.response} device={device} />
      )}
      {searchBelow && <SearchBox onFind={onFind} />}

      {state.stage === "error" && (
        <div className="rounded-xl border border-red-200 bg-red-50 p-4" role="alert" data-testid="scan-error">
          <p className="font-bold text-red-800">{state.message}</p>
          {state.detail && <p className="mt-1 text-sm text-red-900">{state.detail}</p>}
          <button
            type="button"
            onClick={onRetry}
            className="mt-3 rounded-lg bg-stone-900 px-4 py-2.5 font-semibold text-white"
          >
            Reintentar
          </button>
        </div>
      )}

      <div className="flex flex-col gap-3 sm:flex-row">
        {state.stage !== "processing" && (
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 sm:flex-1"
          >
            {state.stage === "idle" ? "Tomar foto" : "Escanear otro producto"}
          </button>
        )}
        <button
          type="button"
          onClick={onManualSale}
          className="inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 sm:flex-1"
        >
          Venta manual
        </button>
      </div>
    </div>
  );
}
