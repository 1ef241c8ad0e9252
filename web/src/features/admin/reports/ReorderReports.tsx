import { type FormEvent, useId, useState } from "react";
import { CATEGORIES, CATEGORY_LABELS } from "../../../../../shared/constants";
import { pluralWord } from "../../../../../shared/plural";
import type { ReorderFilters, SizeCurveFilters } from "../../../api/admin";
import type { AvailableLocation, ReorderRow, SizeCurve } from "../../../api/admin-schemas";
import { countLabel, formatDate, formatPercent } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { DateRangeFields } from "../../../lib/ui/DateRangeFields";
import { NumberField, SelectField, TextField } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { downloadCsv } from "../../company/csv";
import { lastDays } from "../../company/dates";
import { NewRestockOrderModal, type RestockDraft } from "../../company/restock/NewRestockOrderModal";
import { NewOrderModal, type OrderDraft } from "../purchasing/NewOrderModal";
import { adminQueries } from "../queries";
import { useLocationOptions } from "../useLocationOptions";
import { ReportTablesView } from "./ReportTablesView";
import { productMarginTables, reorderTables, tablesCsv } from "./reportTables";

type Props = { locations: readonly AvailableLocation[] };

const locationOptions = (locations: readonly AvailableLocation[]) => [
  { value: "", label: "Todas las ubicaciones" },
  ...locations.map((l) => ({ value: String(l.id), label: l.name })),
];

/** A window of 7 to 180 days typed in a field; null while it is out of range. */
function windowOf(text: string): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 7 && n <= 180 ? n : null;
}

const WINDOW_ERROR = "La ventana va de 7 a 180 días";

/** "Qué reponer", "Curva de tallas" and "Margen por producto" (issue 37): what a buyer reads before reordering. */
export function ReorderReports({ locations }: Props) {
  return (
    <>
      <ReorderPanel locations={locations} />
      <SizeCurvePanel locations={locations} />
      <MarginPanel locations={locations} />
    </>
  );
}

function ReorderPanel({ locations }: Props) {
  const [location, setLocation] = useState("");
  const [supplier, setSupplier] = useState("");
  const suppliers = useRemoteData(adminQueries.suppliers());
  const [days, setDays] = useState("28");
  const [all, setAll] = useState(false);
  const [asked, setAsked] = useState<ReorderFilters | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRemoteData({
    ...adminQueries.reorder(asked ?? {}),
    enabled: asked !== null,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const window = windowOf(days);
    if (window === null) return setError(WINDOW_ERROR);
    setError(null);
    setAsked({
      window_days: window,
      location_id: location ? Number(location) : null,
      supplier_id: supplier ? Number(supplier) : null,
      all,
    });
  }
  return (
    <Panel
      title="Qué reponer"
      description="Cuántos pares pedir por ubicación, producto y talla, según lo que se vende y lo que hay"
    >
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <LocationField value={location} onChange={setLocation} locations={locations} />
        <SelectField
          label="Proveedor (tiempo de entrega)"
          value={supplier}
          onChange={setSupplier}
          options={[
            { value: "", label: "Sin proveedor: 7 días" },
            ...(suppliers.data?.suppliers ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.name}: ${s.lead_time_days} días`,
            })),
          ]}
          className="w-64"
        />
        <NumberField label="Ventana (días)" value={days} onChange={setDays} min={7} max={180} className="w-32" />
        <label className="flex items-center gap-2 pb-2 text-sm text-stone-700">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
          Ver también lo que no hay que pedir
        </label>
        <button type="submit" className={accentButton}>
          Calcular
        </button>
      </form>
      {error && <Notice tone="error">{error}</Notice>}
      <details className="mt-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
        <summary className="cursor-pointer font-semibold text-stone-800">Cómo se calcula</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            <strong>Vendido</strong>: pares vendidos en la ventana (28 días por defecto), menos los que los clientes
            devolvieron.
          </li>
          <li>
            <strong>Por día</strong>: vendido ÷ días de la ventana.
          </li>
          <li>
            <strong>Disponible</strong>: pares en bodega de la ubicación menos los reservados para transferencias, más
            los de exhibición.
          </li>
          <li>
            <strong>En tránsito</strong>: pares de transferencias aceptadas que van hacia esa ubicación y aún no llegan.
          </li>
          <li>
            <strong>Mínimo</strong>: el de la alerta de inventario de la ubicación para ese producto (o la general de la
            ubicación), repartido por igual entre las tallas que la ubicación maneja y redondeado hacia arriba; 0 si no
            hay alerta.
          </li>
          <li>
            <strong>Sugerido</strong> = por día × (tiempo de entrega + revisión 7 días) + mínimo − disponible − en
            tránsito, redondeado hacia arriba y nunca negativo. El tiempo de entrega es el del proveedor elegido, o 7
            días.
          </li>
        </ul>
      </details>
      {asked !== null && (
        <div className="mt-4">
          <DataState live={live} loadingLabel="Calculando...">
            {(data) => (
              <div className="space-y-2">
                <p className="text-sm text-stone-600">
                  Del {formatDate(data.start_date)} al {formatDate(data.as_of)} · entrega {data.lead_time_days} días +
                  revisión {data.review_days} días · total sugerido: <strong>{data.total_suggested}</strong> pares
                </p>
                <ReportTablesView tables={reorderTables(data)} />
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => downloadCsv(`que-reponer-${data.as_of}`, tablesCsv(reorderTables(data)))}
                  >
                    Descargar CSV
                  </button>
                  <OrderFromSuggestions
                    rows={data.rows}
                    locationId={asked.location_id ?? null}
                    supplierId={asked.supplier_id ?? null}
                  />
                </div>
              </div>
            )}
          </DataState>
        </div>
      )}
    </Panel>
  );
}

/**
 * 'Crear orden de compra' / 'Crear pedido de reposición': the suggested pairs of one location become the
 * lines of a new purchase order to a supplier, or of a restock order from a warehouse (the form opens
 * filled in; the cost per pair, or where the pairs come from, is chosen there; nothing is sent before "Crear").
 */
function OrderFromSuggestions({
  rows,
  locationId,
  supplierId,
}: {
  rows: readonly ReorderRow[];
  locationId: number | null;
  supplierId: number | null;
}) {
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const [restock, setRestock] = useState<RestockDraft | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const suppliers = useRemoteData(adminQueries.suppliers());
  const locations = useLocationOptions();
  const wanted = rows.filter((r) => r.suggested > 0);
  if (wanted.length === 0) return null;
  if (locationId === null)
    return <p className="text-sm text-stone-600">Elige una ubicación para crear la orden de compra con lo sugerido.</p>;
  return (
    <>
      <button
        type="button"
        className={accentButton}
        onClick={() => {
          setDone(null);
          setDraft({
            supplierId,
            locationId,
            lines: wanted.map((r) => ({
              productId: r.product_id,
              reference: r.reference_code,
              label: `${r.brand} ${r.model} · ${r.reference_code}`,
              size: r.size,
              quantity: r.suggested,
            })),
          });
        }}
      >
        Crear orden de compra
      </button>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          setDone(null);
          setRestock({
            destinationId: locationId,
            lines: wanted.map((r) => ({
              reference: r.reference_code,
              label: `${r.brand} ${r.model} · ${r.reference_code}`,
              size: r.size,
              quantity: r.suggested,
            })),
          });
        }}
      >
        Crear pedido de reposición
      </button>
      {done && <Notice tone="success">{done}</Notice>}
      {restock && (
        <NewRestockOrderModal
          places={locations.list}
          draft={restock}
          onClose={() => setRestock(null)}
          onCreated={(message) => {
            setRestock(null);
            setDone(message);
          }}
        />
      )}
      {draft && (
        <NewOrderModal
          suppliers={suppliers.data?.suppliers ?? []}
          locations={locations.list}
          draft={draft}
          onClose={() => setDraft(null)}
          onCreated={(message) => {
            setDraft(null);
            setDone(message);
          }}
        />
      )}
    </>
  );
}

/** The filter every report here shares: one location, or all of them. */
function LocationField({
  value,
  onChange,
  locations,
}: {
  value: string;
  onChange: (value: string) => void;
  locations: Props["locations"];
}) {
  return (
    <SelectField
      label="Ubicación"
      value={value}
      onChange={onChange}
      options={locationOptions(locations)}
      className="w-56"
    />
  );
}

function SizeBars({ sizes }: { sizes: SizeCurve["sizes"] }) {
  if (sizes.length === 0) return <p className="text-sm text-stone-600">Sin ventas ni stock en la ventana</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Porcentaje de ventas y de stock por talla</caption>
      <thead>
        <tr className="text-left text-stone-600">
          <th className="w-14 py-1 font-medium">Talla</th>
          <th className="py-1 font-medium">
            <span className="mr-3 inline-flex items-center gap-1">
              <span className="inline-block h-2 w-3 rounded bg-orange-600" /> % de ventas
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-2 w-3 rounded bg-stone-400" /> % del stock
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sizes.map((s) => (
          <tr key={s.size} className="border-t border-stone-100">
            <th scope="row" className="py-1.5 text-left font-semibold text-stone-800">
              {s.size}
            </th>
            <td className="py-1.5">
              <div className="flex items-center gap-2">
                <div className="h-2.5 flex-1 rounded bg-stone-100">
                  <div className="h-2.5 rounded bg-orange-600" style={{ width: `${s.sales_share}%` }} />
                </div>
                <span className="w-28 text-right tabular-nums">
                  {formatPercent(s.sales_share)} ({s.units_sold})
                </span>
              </div>
              <div className="mt-1 flex items-center gap-2">
                <div className="h-2.5 flex-1 rounded bg-stone-100">
                  <div className="h-2.5 rounded bg-stone-400" style={{ width: `${s.stock_share}%` }} />
                </div>
                <span className="w-28 text-right tabular-nums">
                  {formatPercent(s.stock_share)} ({s.available})
                </span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SizeCurvePanel({ locations }: Props) {
  const [location, setLocation] = useState("");
  const [brand, setBrand] = useState("");
  const [category, setCategory] = useState("");
  const [days, setDays] = useState("90");
  const [asked, setAsked] = useState<SizeCurveFilters | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRemoteData({ ...adminQueries.sizeCurve(asked ?? {}), enabled: asked !== null });
  function submit(event: FormEvent) {
    event.preventDefault();
    const window = windowOf(days);
    if (window === null) return setError(WINDOW_ERROR);
    setError(null);
    setAsked({
      window_days: window,
      location_id: location ? Number(location) : null,
      ...(brand.trim() ? { brand: brand.trim() } : {}),
      ...(category ? { category } : {}),
    });
  }
  return (
    <Panel
      title="Curva de tallas"
      description="Qué parte de las ventas y qué parte del stock tiene cada talla, y dónde quedan tallas sueltas"
    >
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <LocationField value={location} onChange={setLocation} locations={locations} />
        <TextField label="Marca" value={brand} onChange={setBrand} placeholder="Todas" className="w-40" />
        <SelectField
          label="Categoría"
          value={category}
          onChange={setCategory}
          options={[{ value: "", label: "Todas" }, ...CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))]}
          className="w-40"
        />
        <NumberField label="Ventana (días)" value={days} onChange={setDays} min={7} max={180} className="w-32" />
        <button type="submit" className={accentButton}>
          Ver curva
        </button>
      </form>
      {error && <Notice tone="error">{error}</Notice>}
      <p className="mt-3 text-sm text-stone-600">
        <strong>% de ventas</strong>: pares vendidos de la talla (menos devoluciones) sobre el total vendido en la
        ventana. <strong>% del stock</strong>: pares disponibles de la talla sobre el total disponible. Una ubicación
        tiene <strong>tallas sueltas</strong> cuando se agotó una talla central de un producto (las más vendidas, que
        suman el 60 % de sus ventas allí) y aún quedan otras tallas.
      </p>
      {asked !== null && (
        <div className="mt-4">
          <DataState live={live} loadingLabel="Calculando...">
            {(data) => (
              <div className="space-y-4">
                <p className="text-sm text-stone-600">
                  Del {formatDate(data.start_date)} al {formatDate(data.as_of)}
                </p>
                <SizeBars sizes={data.sizes} />
                <BrokenRuns data={data} />
              </div>
            )}
          </DataState>
        </div>
      )}
    </Panel>
  );
}

function BrokenRuns({ data }: { data: SizeCurve }) {
  const broken = data.locations.filter((l) => l.broken);
  if (broken.length === 0) return <Notice tone="success">Ninguna ubicación tiene tallas sueltas</Notice>;
  return (
    <div>
      <h4 className="mb-1.5 text-sm font-semibold text-stone-800">
        Quedan tallas sueltas ({countLabel(data.broken_count, "producto", "productos")})
      </h4>
      <ul className="divide-y divide-stone-100 text-sm">
        {broken.flatMap((l) =>
          l.broken_runs.map((b) => (
            <li key={`${l.location_id}-${b.product_id}`} className="py-2">
              <span className="mr-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                Quedan tallas sueltas
              </span>
              <strong>{l.location_name}</strong> · {b.reference_code} {b.brand} {b.model}:{" "}
              {pluralWord(b.missing_sizes.length, "agotada la talla", "agotadas las tallas")}{" "}
              {b.missing_sizes.join(", ")}; quedan {b.sizes_left.join(", ")}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

function MarginPanel({ locations }: Props) {
  const id = useId();
  const initial = lastDays(30);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [location, setLocation] = useState("");
  const [asked, setAsked] = useState<{ start: string; end: string; location: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRemoteData({
    ...adminQueries.productMargin(asked?.start ?? start, asked?.end ?? end, asked?.location ?? null),
    enabled: asked !== null,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!start || !end || start > end) return setError("Revisa las fechas del período");
    setError(null);
    setAsked({ start, end, location: location ? Number(location) : null });
  }
  return (
    <Panel
      title="Margen por producto"
      description="Unidades, ventas, costo y margen de cada producto en el período, con su rotación"
    >
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <DateRangeFields id={id} start={start} end={end} onStart={setStart} onEnd={setEnd} linked className="w-40" />
        <LocationField value={location} onChange={setLocation} locations={locations} />
        <button type="submit" className={accentButton}>
          Generar
        </button>
      </form>
      {error && <Notice tone="error">{error}</Notice>}
      <p className="mt-3 text-sm text-stone-600">
        Unidades y ventas netas de devoluciones. <strong>Ventas netas</strong> incluyen IVA; el <strong>margen</strong>{" "}
        se calcula sobre las ventas sin IVA de las líneas con costo, menos su costo al momento de vender (las unidades
        sin costo se cuentan aparte). <strong>Sell-through</strong>: vendido ÷ (vendido + stock de hoy).{" "}
        <strong>Días de inventario</strong>: stock de hoy ÷ venta diaria del período.
      </p>
      {asked !== null && (
        <div className="mt-4">
          <DataState live={live} loadingLabel="Generando...">
            {(data) => (
              <div className="space-y-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-stone-600">
                    Del {formatDate(data.start_date)} al {formatDate(data.end_date)}
                  </p>
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() =>
                      downloadCsv(
                        `margen-por-producto-${data.start_date}-${data.end_date}`,
                        tablesCsv(productMarginTables(data)),
                      )
                    }
                  >
                    Descargar CSV
                  </button>
                </div>
                <ReportTablesView tables={productMarginTables(data)} />
              </div>
            )}
          </DataState>
        </div>
      )}
    </Panel>
  );
}
