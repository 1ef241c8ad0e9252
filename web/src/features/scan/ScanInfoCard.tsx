import { formatDateTime } from "../../lib/format";
import type { ScanResponse } from "./api";
import type { DeviceResult } from "./flow";

function Fact({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="break-words font-semibold text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Scan info card (spec 1 §2): who, where, how long, when, how many, availability and database matches.
 * The model's id and the inference backend are internals, not for a seller's eyes: they ride on data
 * attributes (support and the browser tests read them), not on screen.
 */
export function ScanInfoCard({ response, device }: { response: ScanResponse | null; device: DeviceResult | null }) {
  // a product chosen in the search has no scan to describe
  if (response === null) return null;
  const summary = response.availability_summary;
  return (
    <section
      aria-label="Información del escaneo"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid="scan-info"
      data-model={response.classification_service.model || undefined}
      data-backend={device?.backend}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact label="Escaneado por" value={response.scanned_by.name || "—"} />
        <Fact label="Ubicación" value={response.user_location?.name ?? "—"} />
        <Fact
          label="Tiempo de procesamiento"
          value={`${response.processing_time_ms} ms${device ? ` + ${device.ms} ms en el dispositivo` : ""}`}
        />
        <Fact label="Hora" value={formatDateTime(response.scan_timestamp)} />
        <Fact label="Coincidencias" value={response.results.total_matches} testId="scan-total-matches" />
        <Fact label="Coincidencias en base de datos" value={response.classification_service.total_database_matches} />
      </dl>
      <div className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
        <span className="rounded-full bg-green-100 px-2.5 py-1 text-green-900">
          Venta inmediata: {summary.can_sell_immediately}
        </span>
        <span className="rounded-full bg-sky-100 px-2.5 py-1 text-sky-900">
          Disponibles en tu local: {summary.products_available_locally}
        </span>
        <span className="rounded-full bg-amber-100 px-2.5 py-1 text-amber-900">
          Requieren transferencia: {summary.products_requiring_transfer}
        </span>
        <span className="rounded-full bg-stone-100 px-2.5 py-1 text-stone-700">
          Solo clasificados: {summary.products_classified_only}
        </span>
      </div>
    </section>
  );
}
