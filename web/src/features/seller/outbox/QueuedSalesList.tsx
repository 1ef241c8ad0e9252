import { useState } from "react";
import { formatCOP, formatDateTime } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { cardClass, linkButton, smallButton } from "../../../lib/ui/classes";
import type { QueuedSale, QueuedToday } from "./actions";
import { QueuedSaleDetails } from "./QueuedSaleDetails";

/** 'Ventas del Día': the sales made on this phone that the server does not have yet, first and labelled. */
export function QueuedSalesList({ queued, onResolve }: { queued: QueuedToday; onResolve: () => void }) {
  const [showing, setShowing] = useState<QueuedSale | null>(null);
  const sales = [...queued.blocked, ...queued.pending];
  if (sales.length === 0) return null;
  return (
    <section aria-label="Ventas en este teléfono" className="space-y-3">
      <h2 className="text-base font-bold text-stone-900">En este teléfono ({sales.length})</h2>
      <div className="grid gap-3 lg:grid-cols-2">
        {sales.map((sale) => (
          <article key={sale.key} className={cardClass} data-testid="queued-sale">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  {sale.snapshot.draft.lines.map((l) => `${l.brand} ${l.model} · T${l.size}`).join(" | ")}
                </p>
                <p className="text-sm text-stone-700">{formatDateTime(sale.createdAt)}</p>
              </div>
              <p className="shrink-0 text-lg font-bold text-stone-900">{formatCOP(sale.snapshot.total)}</p>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {sale.status === "blocked" ? (
                <>
                  <Badge tone="warning">Por resolver</Badge>
                  <button type="button" className={linkButton} onClick={onResolve}>
                    Resolver
                  </button>
                </>
              ) : (
                <Badge tone="info">Pendiente de sincronizar</Badge>
              )}
              <button type="button" className={smallButton} onClick={() => setShowing(sale)}>
                Ver comprobante
              </button>
            </div>
            {sale.status === "blocked" && (
              <p className="mt-2 text-sm text-amber-900">El servidor no la aceptó: {sale.problem?.detail}</p>
            )}
          </article>
        ))}
      </div>
      {showing && <QueuedSaleDetails item={showing} onClose={() => setShowing(null)} />}
    </section>
  );
}
