import { type ReactNode, useId, useState } from "react";
import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, UNIT_KIND_LABELS } from "../../../../../shared/constants";
import {
  type AdjustmentsReport as AdjustmentsAnswer,
  fetchAdjustments,
  fetchPriceOverrides,
  type PriceOverridesReport as OverridesAnswer,
} from "../../../api/catalogue";
import { storedCopyOf } from "../../../api/stored";
import { countLabel, formatCOP, formatDateTime, periodLabel } from "../../../lib/format";
import { useMoreRows } from "../../../lib/paging";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { DataState } from "../../../lib/ui/DataState";
import { DateRangeFields } from "../../../lib/ui/DateRangeFields";
import { SelectField } from "../../../lib/ui/form";
import { ItemList } from "../../../lib/ui/ItemList";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { StatGrid } from "../../../lib/ui/StatCard";
import { lastDays } from "../dates";

const AdjustmentsSchema = storedCopyOf<AdjustmentsAnswer>("adjustments", "totals", "total");
const OverridesSchema = storedCopyOf<OverridesAnswer>("overrides", "total");
type Override = OverridesAnswer["overrides"][number];

const REASON_OPTIONS = [
  { value: "", label: "Todos" },
  ...ADJUSTMENT_REASONS.map((r) => ({ value: r, label: ADJUSTMENT_REASON_LABELS[r] })),
];

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** One line of a report: what, when, then its details. */
function ReportRow({ title, at, children }: { title: ReactNode; at: string; children: ReactNode }) {
  return (
    <li className="py-2">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-medium text-stone-900">{title}</span>
        <span className="text-stone-500">{formatDateTime(at)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-stone-600">{children}</div>
    </li>
  );
}

/** The adjustments of the report, a page at a time: "Mostrando 100 de N ajustes" and "Ver más". */
function AdjustmentRows({
  first,
  total: firstTotal,
  query,
}: {
  first: AdjustmentsAnswer["adjustments"];
  total: number;
  query: { from: string; to: string; reason: string };
}) {
  const more = useMoreRows(
    first,
    JSON.stringify(query),
    async (offset, signal) => (await fetchAdjustments({ ...query, offset: String(offset) }, signal)).adjustments,
    (a) => a.id,
  );
  const total = Math.max(firstTotal, more.rows.length);
  return (
    <>
      {more.rows.length < total && <ListCount shown={more.rows.length} total={total} one="ajuste" many="ajustes" />}
      <ItemList
        items={more.rows}
        empty="Sin ajustes en el periodo"
        className="divide-y divide-stone-100 text-sm"
        label="Ajustes"
      >
        {(a) => (
          <ReportRow
            key={a.id}
            title={`${a.sneaker_reference_code} · talla ${a.size} · ${a.location_name}`}
            at={a.created_at}
          >
            <Badge tone={a.delta < 0 ? "warning" : "info"}>{a.reason_text}</Badge>
            <span className="tabular-nums">
              {signed(a.delta)} {UNIT_KIND_LABELS[a.unit_kind].toLowerCase()}
            </span>
            {a.value_at_cost !== null && <span className="tabular-nums">{formatCOP(a.value_at_cost)}</span>}
            {a.user_name && <span>· {a.user_name}</span>}
            {a.notes && <span>· {a.notes}</span>}
          </ReportRow>
        )}
      </ItemList>
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </>
  );
}

/** Ajustes: every hand adjustment of stock in a date range, with its reason and value at cost. */
export function AdjustmentsReport() {
  const id = useId();
  const [range, setRange] = useState(() => lastDays(30));
  const [reason, setReason] = useState("");
  const query = { from: range.start, to: range.end, reason };
  // every card counts all the adjustments of these days (not only the page on screen)
  const period = `Todos los ajustes ${periodLabel(range.start, range.end)}`;
  const live = useRemoteData({
    area: "admin",
    name: `adjustments:${JSON.stringify(query)}`,
    schema: AdjustmentsSchema,
    load: (signal) => fetchAdjustments(query, signal),
  });
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <DateRangeFields
          id={id}
          start={range.start}
          end={range.end}
          onStart={(start) => setRange((r) => ({ ...r, start }))}
          onEnd={(end) => setRange((r) => ({ ...r, end }))}
          linked
        />
        <SelectField label="Motivo" value={reason} onChange={setReason} options={REASON_OPTIONS} />
      </div>
      <DataState live={live} loadingLabel="Cargando ajustes...">
        {({ adjustments, totals, total }) => (
          <>
            <StatGrid
              className="grid grid-cols-2 gap-3 lg:grid-cols-4"
              cards={[
                { label: "Ajustes", value: String(totals.count), detail: period },
                { label: "Unidades agregadas", value: String(totals.units_added), detail: period },
                { label: "Unidades retiradas", value: String(totals.units_removed), detail: period },
                // costs are the administrador's and the boss's: a keeper's answer has none
                ...(totals.value_at_cost === null
                  ? []
                  : [{ label: "Valor al costo", value: formatCOP(totals.value_at_cost), detail: period }]),
              ]}
            />
            {totals.without_cost !== null && totals.without_cost > 0 && (
              <p className="text-sm text-amber-800">
                {countLabel(totals.without_cost, "ajuste sin costo", "ajustes sin costo")}: su producto no tiene costo
                registrado y no suma al valor.
              </p>
            )}
            <AdjustmentRows first={adjustments} total={total} query={query} />
          </>
        )}
      </DataState>
    </div>
  );
}

const STATUS_TONE = { usada: "success", vigente: "info", vencida: "neutral" } as const;

/** Precios autorizados: every sale line an administrador let go off the catalogue price, and why. */
export function PriceOverridesReport() {
  const live = useRemoteData({
    area: "admin",
    name: "price-overrides",
    schema: OverridesSchema,
    load: (signal) => fetchPriceOverrides(signal),
  });
  return (
    <DataState live={live} loadingLabel="Cargando precios autorizados...">
      {(first) => <OverrideRows first={first} />}
    </DataState>
  );
}

/** The price overrides, a page at a time: "Mostrando 100 de N precios autorizados" and "Ver más". */
function OverrideRows({ first }: { first: OverridesAnswer }) {
  const more = useMoreRows(
    first.overrides,
    "overrides",
    async (offset, signal) => (await fetchPriceOverrides(signal, offset)).overrides,
    (o: Override) => o.id,
  );
  const total = Math.max(first.total, more.rows.length);
  return (
    <>
      {more.rows.length < total && (
        <ListCount shown={more.rows.length} total={total} one="precio autorizado" many="precios autorizados" />
      )}
      <ItemList
        items={more.rows}
        empty="Ningún precio autorizado todavía"
        emptyDetail="Aparecen aquí cuando un administrador autoriza con su PIN un precio distinto al del catálogo."
        className="divide-y divide-stone-100 text-sm"
        label="Precios autorizados"
      >
        {(o) => (
          <ReportRow key={o.id} title={`${o.sneaker_reference_code} · ${o.product_name}`} at={o.created_at}>
            <Badge tone={STATUS_TONE[o.status]}>{o.status === "usada" ? `Venta #${o.sale_id}` : o.status}</Badge>
            <span className="tabular-nums">
              {formatCOP(o.catalogue_price)} → <strong>{formatCOP(o.new_price)}</strong>
            </span>
            <span>
              · autorizó {o.approved_by} a {o.requested_by}
            </span>
            <span>· {o.reason}</span>
          </ReportRow>
        )}
      </ItemList>
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </>
  );
}
