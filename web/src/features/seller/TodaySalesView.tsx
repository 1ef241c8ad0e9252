import { useState } from "react";
import { fetchSalesToday } from "../../api/seller";
import { type Sale, SalesTodaySchema } from "../../api/seller-schemas";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { FlashNotice } from "../../lib/ui/Flash";
import { SelectField } from "../../lib/ui/form";
import { FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { useConfirmSale } from "./mutations";
import type { QueuedToday } from "./outbox/actions";
import { QueuedSalesList } from "./outbox/QueuedSalesList";
import { SaleCard } from "./SaleCard";
import { SalesSummaryCards } from "./SalesSummaryCards";
import { EMPTY_MESSAGE, FILTER_LABEL, filterSales } from "./salesFilter";
import { SALES_FILTERS, type SalesFilter } from "./views";

export const SALES_LOAD_ERROR = "Error al cargar las ventas del día";
export const SALE_CONFIRMED = "Venta confirmada exitosamente";

type Props = {
  filter: SalesFilter;
  onFilter: (filter: SalesFilter) => void;
  /** 'Devolver / Cambiar' on a sale with units left to bring back. */
  onReturn?: (sale: Sale) => void;
  /** Today's sales still on this phone, and where the refused ones are resolved. */
  queued?: QueuedToday;
  onResolve?: () => void;
};

/** 'Ventas del Día': summary cards, filter and the list with confirm/reject. */
export function TodaySalesView({ filter, onFilter, onReturn, queued, onResolve }: Props) {
  const live = useRemoteData({ area: "seller", name: "sales-today", schema: SalesTodaySchema, load: fetchSalesToday });
  const [deciding, setDeciding] = useState(false);
  const confirmation = useConfirmSale();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function decide(sale: Sale, confirmed: boolean, notes: string) {
    setDeciding(true);
    setMessage(null);
    try {
      const answer = await confirmation.mutateAsync({ saleId: sale.id, confirmed, notes });
      setMessage({ tone: "success", text: confirmed ? SALE_CONFIRMED : answer.message });
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : "Error desconocido";
      setMessage({ tone: "error", text: `Error al confirmar la venta: ${reason}` });
    } finally {
      setDeciding(false);
    }
  }

  const sales = live.data ? filterSales(live.data.sales, filter) : [];

  return (
    <div className="space-y-4">
      <FailedLoadBanner className="mb-4" title={SALES_LOAD_ERROR} live={live} />
      <FlashNotice flash={message} onClose={() => setMessage(null)} />
      {queued && <QueuedSalesList queued={queued} onResolve={() => onResolve?.()} />}
      {live.status === "loading" && !live.data && <Spinner label="Cargando ventas..." />}
      {live.data && (
        <>
          <SalesSummaryCards summary={live.data.summary} />
          <SelectField
            label="Mostrar"
            className="max-w-xs"
            value={filter}
            onChange={(v) => onFilter(v as SalesFilter)}
            options={SALES_FILTERS.map((f) => ({ value: f, label: FILTER_LABEL[f] }))}
          />
          {sales.length === 0 ? (
            <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">
              {EMPTY_MESSAGE[filter]}
            </p>
          ) : (
            <div className="grid gap-3 lg:grid-cols-2">
              {sales.map((sale) => (
                <SaleCard
                  key={sale.id}
                  sale={sale}
                  busy={deciding}
                  onDecide={(s, c, n) => void decide(s, c, n)}
                  onReturn={onReturn}
                />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
