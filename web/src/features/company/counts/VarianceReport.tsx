import { type CountVariances, fetchVariances } from "../../../api/counts";
import { storedCopyOf } from "../../../api/stored";
import { countLabel, formatCOP } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { Notice } from "../../../lib/ui/Notice";
import { qtyText } from "./labels";

const VariancesSchema = storedCopyOf<CountVariances>("lines", "totals");

/** The count's variances against the ledger, per line and in total. */
export function VarianceReport({ countId }: { countId: number }) {
  const live = useRemoteData({
    area: "admin",
    name: `count-variances:${countId}`,
    schema: VariancesSchema,
    load: (signal) => fetchVariances(countId, signal),
  });
  return (
    <DataState live={live} loadingLabel="Calculando diferencias...">
      {(report) => (
        <section aria-label="Diferencias" className="space-y-3">
          {!report.expected_visible && (
            <Notice tone="info">Conteo ciego: las cantidades esperadas se ven cuando el conteo se aplique.</Notice>
          )}
          {report.expected_visible && report.totals.difference && (
            <div className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <p>
                Diferencia: <strong data-testid="total-difference">{qtyText(report.totals.difference)}</strong>
              </p>
              {report.costs_visible && (
                <p>
                  Al costo: <strong>{formatCOP(report.totals.value_at_cost ?? 0)}</strong>
                </p>
              )}
              <p>
                Al precio: <strong>{formatCOP(report.totals.value_at_price ?? 0)}</strong>
              </p>
              {(report.totals.without_cost ?? 0) > 0 && (
                <p className="text-amber-800">
                  {countLabel(report.totals.without_cost ?? 0, "línea sin costo", "líneas sin costo")}
                </p>
              )}
            </div>
          )}
          {/* a phone: one card per line (the seven columns do not fit 390 px); wider screens: the table */}
          <ul className="space-y-2 sm:hidden">
            {report.lines.map((line) => (
              <li
                key={line.id}
                className="rounded-lg border border-stone-200 bg-white p-3 text-sm"
                data-testid="variance-card"
              >
                <p className="font-semibold">
                  {line.reference_code} · talla {line.size}
                </p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5">
                  <dt className="text-stone-600">Contado</dt>
                  <dd>{qtyText(line.counted)}</dd>
                  {report.expected_visible && (
                    <>
                      <dt className="text-stone-600">Esperado</dt>
                      <dd>{line.expected ? qtyText(line.expected) : "—"}</dd>
                      <dt className="text-stone-600">Diferencia</dt>
                      <dd className="font-semibold">{line.difference ? qtyText(line.difference) : "—"}</dd>
                      {report.costs_visible && (
                        <>
                          <dt className="text-stone-600">Al costo</dt>
                          <dd className="tabular-nums">
                            {line.value_at_cost === null ? "Sin costo" : formatCOP(line.value_at_cost)}
                          </dd>
                        </>
                      )}
                      <dt className="text-stone-600">Al precio</dt>
                      <dd className="tabular-nums">{formatCOP(line.value_at_price ?? 0)}</dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-stone-600">
                  <th className="py-1 pr-2">Producto</th>
                  <th className="py-1 pr-2">Talla</th>
                  <th className="py-1 pr-2">Contado</th>
                  {report.expected_visible && (
                    <>
                      <th className="py-1 pr-2">Esperado</th>
                      <th className="py-1 pr-2">Diferencia</th>
                      {report.costs_visible && <th className="py-1 pr-2 text-right">Al costo</th>}
                      <th className="py-1 text-right">Al precio</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {report.lines.map((line) => (
                  <tr key={line.id} className="border-t border-stone-100" data-testid="variance-row">
                    <td className="py-1 pr-2">{line.reference_code}</td>
                    <td className="py-1 pr-2">{line.size}</td>
                    <td className="py-1 pr-2">{qtyText(line.counted)}</td>
                    {report.expected_visible && (
                      <>
                        <td className="py-1 pr-2">{line.expected ? qtyText(line.expected) : "—"}</td>
                        <td className="py-1 pr-2">{line.difference ? qtyText(line.difference) : "—"}</td>
                        {report.costs_visible && (
                          <td className="py-1 pr-2 text-right tabular-nums">
                            {line.value_at_cost === null ? "Sin costo" : formatCOP(line.value_at_cost)}
                          </td>
                        )}
                        <td className="py-1 text-right tabular-nums">{formatCOP(line.value_at_price ?? 0)}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </DataState>
  );
}
