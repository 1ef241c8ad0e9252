import { type FormEvent, useId, useState } from "react";
import type { Customer } from "../../../api/customers";
import { type CustomerSalesPage, fetchCustomerSales } from "../../../api/sale-returns";
import { formatCOP, formatDateTime } from "../../../lib/format";
import { useMoreRows } from "../../../lib/paging";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { accentButton, bareInputClass, labelClass } from "../../../lib/ui/classes";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { Spinner } from "../../../lib/ui/Spinner";
import { CustomerPicker } from "../../customers/CustomerPicker";
import { customerQueries } from "../../customers/queries";

type Props = {
  busy: boolean;
  /** Why the last search found nothing ('Venta no encontrada'), as the server said it. */
  failure: string | null;
  onFind: (code: string) => void;
};

/** The first step: the sale the customer brings back, by its number or the code (or link) of its receipt. */
export function FindSale({ busy, failure, onFind }: Props) {
  const id = useId();
  const [code, setCode] = useState("");
  const [empty, setEmpty] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    setEmpty(text === "");
    if (text) onFind(text);
  }

  return (
    <Panel
      title="Buscar la venta"
      description="El número está en el recibo (Venta #…); el código es el del enlace del recibo."
    >
      <form noValidate onSubmit={submit} className="space-y-3" aria-label="Buscar la venta">
        <div>
          <label htmlFor={id} className={labelClass}>
            Número de venta o código del recibo
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={id}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setEmpty(false);
              }}
              placeholder="Ej. 41"
              autoComplete="off"
              autoCapitalize="none"
              enterKeyHint="search"
              className={`${bareInputClass} min-w-0 flex-1`}
            />
            <button type="submit" className={`${accentButton} shrink-0`} disabled={busy}>
              {busy ? "Buscando..." : "Buscar"}
            </button>
          </div>
          {empty && <p className="mt-1 text-sm text-red-700">Escribe el número de la venta o el código del recibo</p>}
        </div>
        {failure && <Notice tone="error">{failure}</Notice>}
      </form>
      <div className="mt-5 border-t border-stone-200 pt-4">
        <p className={labelClass}>O por el cliente</p>
        <CustomerSales onFind={onFind} />
      </div>
    </Panel>
  );
}

/** A customer's sales at this store, newest first, a page at a time: tapping one opens it. */
function SalesOf({
  customer,
  first,
  onFind,
}: {
  customer: Customer;
  first: CustomerSalesPage;
  onFind: (code: string) => void;
}) {
  const more = useMoreRows(
    first.sales,
    String(customer.id),
    async (offset, signal) => (await fetchCustomerSales(customer.id, signal, offset)).sales,
    (sale) => sale.id,
  );
  const total = Math.max(first.total, more.rows.length);
  return (
    <>
      {more.rows.length < total && <ListCount shown={more.rows.length} total={total} one="compra" many="compras" />}
      <ul className="space-y-2" aria-label={`Compras de ${customer.name}`}>
        {more.rows.map((sale) => (
          <li key={sale.id}>
            <button
              type="button"
              onClick={() => onFind(String(sale.id))}
              className="flex w-full items-center justify-between gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 text-left text-sm hover:border-orange-400"
            >
              <span>
                <span className="font-semibold text-stone-900">Venta #{sale.id}</span>
                <span className="block text-stone-600">{formatDateTime(sale.sale_date)}</span>
              </span>
              <span className="shrink-0 font-semibold">{formatCOP(sale.total_amount)}</span>
            </button>
          </li>
        ))}
      </ul>
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </>
  );
}

/** The customer's sales at this store: tapping one opens it. */
function CustomerSales({ onFind }: { onFind: (code: string) => void }) {
  const [customer, setCustomer] = useState<Customer | null>(null);
  const sales = useRemoteData({ ...customerQueries.sales(customer?.id ?? 0), enabled: customer !== null });
  return (
    <div className="mt-1 space-y-2">
      <CustomerPicker value={customer} onChange={setCustomer} allowNew={false} />
      {customer && !sales.data && !sales.error && <Spinner label="Buscando sus compras..." />}
      {customer && !sales.data && sales.error && <Notice tone="error">{sales.error}</Notice>}
      {customer && sales.data?.sales.length === 0 && (
        <Notice tone="info">{customer.name} no tiene compras en este local.</Notice>
      )}
      {customer && sales.data && sales.data.sales.length > 0 && (
        <SalesOf customer={customer} first={sales.data} onFind={onFind} />
      )}
    </div>
  );
}
