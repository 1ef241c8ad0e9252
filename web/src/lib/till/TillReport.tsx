import type { TillSession } from "../../api/till";
import { formatCOP, formatDateTime, PAYMENT_LABEL } from "../format";

const METHODS = ["efectivo", "tarjeta", "transferencia"] as const;

/** Money that left the drawer, shown negative (and zero as zero, not "-$ 0"). */
const taken = (pesos: number) => (pesos === 0 ? 0 : -pesos);

function Row({ label, value, strong = false }: { label: string; value: number | null; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? "font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value === null ? "—" : formatCOP(value)}</dd>
    </div>
  );
}

/**
 * A till session as figures: what came in and out, what the drawer should hold per method and, once
 * closed, what was counted and the differences (the Z report; it prints like a receipt).
 */
export function TillReport({ session: s }: { session: TillSession }) {
  const closed = s.status === "closed";
  return (
    <article className="receipt space-y-3 text-sm" aria-label={closed ? `Cierre de caja #${s.id}` : `Caja #${s.id}`}>
      <header>
        <p className="font-semibold text-stone-900">
          {closed ? "Informe de cierre (Z)" : "Caja abierta"} · {s.location_name} · #{s.id}
        </p>
        <p className="text-stone-600">
          Abierta {formatDateTime(s.opened_at)} por {s.opened_by_name}
          {closed && s.closed_at && ` · cerrada ${formatDateTime(s.closed_at)} por ${s.closed_by_name}`}
        </p>
      </header>
      <dl className="space-y-1">
        <Row label="Base" value={s.opening_float} />
        <Row label="Ventas en efectivo" value={s.totals.cash_sales} />
        <Row label="Devoluciones en efectivo" value={taken(s.totals.cash_refunds)} />
        {s.totals.cash_rejected > 0 && (
          <Row label="Ventas de cajas anteriores rechazadas" value={taken(s.totals.cash_rejected)} />
        )}
        <Row label="Entradas de efectivo" value={s.totals.cash_in} />
        <Row label="Salidas de efectivo" value={taken(s.totals.cash_out)} />
        <Row label="Gastos pagados de la caja" value={taken(s.totals.cash_expenses)} />
        <Row label="Efectivo esperado en caja" value={s.expected.efectivo} strong />
        <Row label="Ventas con tarjeta" value={s.totals.card_sales} />
        {s.totals.card_refunds > 0 && <Row label="Devoluciones con tarjeta" value={taken(s.totals.card_refunds)} />}
        {s.totals.card_rejected > 0 && (
          <Row label="Rechazos con tarjeta (de cajas anteriores)" value={taken(s.totals.card_rejected)} />
        )}
        <Row label="Ventas por transferencia" value={s.totals.transfer_sales} />
        {s.totals.transfer_refunds > 0 && (
          <Row label="Devoluciones por transferencia" value={taken(s.totals.transfer_refunds)} />
        )}
        {s.totals.transfer_rejected > 0 && (
          <Row label="Rechazos por transferencia (de cajas anteriores)" value={taken(s.totals.transfer_rejected)} />
        )}
      </dl>
      {closed && (
        <table className="w-full text-left">
          <caption className="sr-only">Esperado y contado por método de pago</caption>
          <thead className="text-xs text-stone-500">
            <tr>
              <th className="py-1 font-medium">Método</th>
              <th className="py-1 text-right font-medium">Esperado</th>
              <th className="py-1 text-right font-medium">Contado</th>
              <th className="py-1 text-right font-medium">Diferencia</th>
            </tr>
          </thead>
          <tbody>
            {METHODS.map((key) => {
              const difference = s.difference[key];
              return (
                <tr key={key} className="border-t border-stone-100">
                  <td className="py-1">{PAYMENT_LABEL[key]}</td>
                  <td className="py-1 text-right tabular-nums">{formatCOP(s.expected[key])}</td>
                  <td className="py-1 text-right tabular-nums">
                    {s.counted[key] === null ? "—" : formatCOP(s.counted[key] ?? 0)}
                  </td>
                  <td
                    className={`py-1 text-right tabular-nums ${difference !== null && difference !== 0 ? "font-semibold text-red-700" : ""}`}
                    data-testid={`difference-${key}`}
                  >
                    {difference === null ? "—" : formatCOP(difference)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {s.close_note && <p className="text-stone-700">Nota: {s.close_note}</p>}
      {s.movements.length > 0 && (
        <section aria-label="Movimientos de efectivo">
          <h4 className="font-semibold text-stone-900">Movimientos</h4>
          <ul className="divide-y divide-stone-100">
            {s.movements.map((m) => (
              <li key={m.id} className="flex justify-between gap-3 py-1">
                <span>
                  {m.kind === "in" ? "Entrada" : "Salida"}: {m.reason}{" "}
                  <span className="text-stone-500">
                    · {m.user_name} · {formatDateTime(m.created_at)}
                  </span>
                </span>
                <span className="tabular-nums">{formatCOP(m.kind === "in" ? m.amount : -m.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
