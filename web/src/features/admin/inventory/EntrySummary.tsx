import type { ReactNode } from "react";
import type { InventoryEntryResult } from "../../../api/admin-schemas";
import { countLabel, formatCOP, productName } from "../../../lib/format";

type ItemProps = { label: string; children: ReactNode; testId?: string; wide?: boolean; className?: string };

/** One fact of the summary; by default a figure, in tabular digits. */
function Item({ label, children, testId, wide = false, className = "font-semibold tabular-nums" }: ItemProps) {
  return (
    <div className={wide ? "col-span-2 sm:col-span-1" : undefined}>
      <dt className="text-green-800">{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The success summary of an inventory entry (spec §8): product, code, totals, prices, distribution, time. */
export function EntrySummary({
  result,
  onClose,
  labelsHref,
}: {
  result: InventoryEntryResult;
  onClose: () => void;
  /** the entry's box labels (one per pair), when it entered pairs */
  labelsHref?: string;
}) {
  return (
    <section
      aria-label="Inventario registrado"
      className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-950 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-bold">
          {result.purchase_order ? "✓ Pares recibidos de la orden de compra" : "✓ Inventario registrado exitosamente"}
        </h3>
        <button type="button" onClick={onClose} aria-label="Cerrar resumen" className="px-1 font-bold">
          ×
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Item label="Producto" wide className="font-semibold">
          {productName(result)}
        </Item>
        <Item label="Código" testId="entry-reference" className="font-semibold break-all">
          {result.reference_code}
        </Item>
        <Item label="Total de zapatos" testId="entry-total-shoes">
          {result.total_shoes}
        </Item>
        <Item label="Ubicaciones">{result.locations_count}</Item>
        <Item label="Precio unitario">{formatCOP(result.unit_price)}</Item>
        <Item label="Precio por caja">{result.box_price === null ? "—" : formatCOP(result.box_price)}</Item>
        <Item label="Tiempo de procesamiento">{result.processing_time_seconds.toLocaleString("es-CO")} s</Item>
        {result.purchase_order && (
          <Item label="Orden de compra" testId="entry-order" className="font-semibold">
            {`#${result.purchase_order.id} · ${result.purchase_order.status === "recibida" ? "recibida completa" : "recibida en parte"}`}
          </Item>
        )}
        {result.purchase_order && result.cost_price !== null && (
          <Item label="Costo promedio">{formatCOP(result.cost_price)}</Item>
        )}
      </dl>
      <h4 className="mt-4 text-sm font-semibold">Distribución por ubicación</h4>
      <ul className="mt-1 divide-y divide-green-200 text-sm">
        {result.distribution_summary.map((d) => (
          <li key={d.location_name} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <span className="font-medium">{d.location_name}</span>
            <span className="tabular-nums">
              {countLabel(d.total_pairs, "par", "pares")} · {d.total_left_feet} izq. · {d.total_right_feet} der.
            </span>
          </li>
        ))}
      </ul>
      {labelsHref && (
        <a href={labelsHref} className="mt-3 inline-block text-sm font-semibold text-orange-700 underline">
          Imprimir etiquetas de caja
        </a>
      )}
    </section>
  );
}
