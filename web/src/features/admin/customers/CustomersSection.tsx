import { useState } from "react";
import { type Customer, type CustomerList, searchCustomers } from "../../../api/customers";
import { countLabel, formatCOP, formatDate, formatDateTime, productName } from "../../../lib/format";
import { useMoreRows } from "../../../lib/paging";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { TextField } from "../../../lib/ui/form";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Modal } from "../../../lib/ui/Modal";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { Spinner } from "../../../lib/ui/Spinner";
import { customerQueries } from "../../customers/queries";
import { useDebounced } from "../../customers/useDebounced";
import { type Column, DataTable } from "../DataTable";

// Customers' data stays on the server: these screens read it through the query cache only (no browser copy).

/** The customers found, a page at a time: "Mostrando 30 de N clientes" and "Ver más". */
function CustomerRows({ first, q, columns }: { first: CustomerList; q: string; columns: Column<Customer>[] }) {
  const more = useMoreRows(
    first.customers,
    q,
    async (offset, signal) => (await searchCustomers(q, signal, offset)).customers,
    (c) => c.id,
  );
  const total = Math.max(first.total, more.rows.length);
  return (
    <div className="space-y-2">
      {more.rows.length > 0 && <ListCount shown={more.rows.length} total={total} one="cliente" many="clientes" />}
      <DataTable
        label="Clientes"
        columns={columns}
        rows={more.rows}
        rowKey={(c) => c.id}
        empty={q ? `No hay clientes con «${q}»` : "Aún no hay clientes registrados"}
        rowTestId="customer-row"
      />
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </div>
  );
}

/** Clientes: the company's customers, searched by document, phone or name; each opens with their purchases. */
export function CustomersSection() {
  const [text, setText] = useState("");
  const [open, setOpen] = useState<Customer | null>(null);
  const q = useDebounced(text.trim(), 300);
  const list = useRemoteData(customerQueries.search("admin", q));
  const columns: Column<Customer>[] = [
    { header: "Nombre", cell: (c) => c.name },
    { header: "Documento", cell: (c) => c.document },
    { header: "Teléfono", cell: (c) => c.phone ?? "—" },
    { header: "Correo", cell: (c) => c.email ?? "—" },
    { header: "Registrado", cell: (c) => formatDate(c.created_at) },
    {
      header: "",
      wide: true,
      cell: (c) => (
        <SmallButton label={`Ver compras de ${c.name}`} onClick={() => setOpen(c)}>
          Ver compras
        </SmallButton>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <TextField
        label="Buscar por documento, teléfono o nombre"
        type="search"
        autoComplete="off"
        value={text}
        onChange={setText}
        className="max-w-md"
      />
      {!list.data && !list.error && <Spinner label="Cargando clientes..." />}
      {!list.data && list.error && (
        <ErrorState
          title="Error al cargar datos"
          message={`No se pudieron cargar los clientes: ${list.error}`}
          onRetry={list.reload}
        />
      )}
      {list.data && <CustomerRows first={list.data} q={q} columns={columns} />}
      {open && <CustomerHistoryModal customer={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** One customer's data, purchases (sales with date, number, store, total and lines) and returns. */
export function CustomerHistoryModal({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const detail = useRemoteData(customerQueries.history(customer.id));
  return (
    <Modal title={customer.name} onClose={onClose} wide>
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-stone-600">Documento: </dt>
          <dd className="inline">{customer.document}</dd>
        </div>
        <div>
          <dt className="inline text-stone-600">Teléfono: </dt>
          <dd className="inline">{customer.phone ?? "—"}</dd>
        </div>
        <div>
          <dt className="inline text-stone-600">Correo: </dt>
          <dd className="inline">{customer.email ?? "—"}</dd>
        </div>
        <div>
          <dt className="inline text-stone-600">Autorización de datos: </dt>
          <dd className="inline">{formatDateTime(customer.consent_at)}</dd>
        </div>
      </dl>
      <h3 className="mt-4 font-semibold text-stone-900">Compras</h3>
      {!detail.data && !detail.error && <Spinner label="Cargando compras..." />}
      {!detail.data && detail.error && (
        <ErrorState message={`No se pudieron cargar las compras: ${detail.error}`} onRetry={detail.reload} />
      )}
      {detail.data &&
        (detail.data.purchases.length === 0 ? (
          <EmptyState text="Este cliente aún no tiene compras registradas" />
        ) : (
          <>
            <p className="mt-1 text-sm text-stone-700" data-testid="customer-summary">
              {countLabel(detail.data.summary.purchases, "compra", "compras")} ·{" "}
              {formatCOP(detail.data.summary.total_amount)}
              {detail.data.summary.returns > 0 &&
                ` (neto de ${countLabel(detail.data.summary.returns, "devolución", "devoluciones")} por ${formatCOP(detail.data.summary.returned_amount)})`}
            </p>
            <ul className="mt-2 divide-y divide-stone-200">
              {detail.data.purchases.map((p) => (
                <li key={p.sale_id} className="py-2 text-sm" data-testid="customer-purchase">
                  <div className="flex justify-between gap-3">
                    <span className="font-semibold text-stone-900">
                      Venta #{p.sale_id} · {formatDateTime(p.sale_date)}
                    </span>
                    <span className="shrink-0 font-semibold">{formatCOP(p.total_amount)}</span>
                  </div>
                  <p className="text-stone-600">
                    {p.location_name} · {p.seller_name}
                    {p.status === "rejected" && " · Rechazada"}
                  </p>
                  <UnitLines lines={p.items} amount={(i) => i.subtotal} />
                </li>
              ))}
            </ul>
            {detail.data.returns.length > 0 && (
              <>
                <h3 className="mt-4 font-semibold text-stone-900">Devoluciones y cambios</h3>
                <ul className="mt-2 divide-y divide-stone-200">
                  {detail.data.returns.map((r) => (
                    <li key={r.id} className="py-2 text-sm" data-testid="customer-return">
                      <div className="flex justify-between gap-3">
                        <span className="font-semibold text-stone-900">
                          {r.kind === "exchange" ? "Cambio" : "Devolución"} #{r.id} de la venta #{r.sale_id} ·{" "}
                          {formatDateTime(r.created_at)}
                        </span>
                        <span className="shrink-0 font-semibold">−{formatCOP(r.returned_amount)}</span>
                      </div>
                      <p className="text-stone-600">
                        {r.location_name} · {r.reason_text}
                        {r.exchange_sale_id !== null && ` · se llevó la venta #${r.exchange_sale_id}`}
                      </p>
                      <UnitLines lines={r.lines} amount={(l) => l.amount} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        ))}
    </Modal>
  );
}

type Unit = { quantity: number; brand: string; model: string; sneaker_reference_code: string; size: string };

/** A purchase's or a return's units: '2 × Nike Air Max (NK-01) talla 40 · $ 250.000'. */
function UnitLines<T extends Unit>({ lines, amount }: { lines: readonly T[]; amount: (line: T) => number }) {
  return (
    <ul className="mt-1 text-stone-700">
      {lines.map((l) => (
        <li key={`${l.sneaker_reference_code}-${l.size}`}>
          {l.quantity} × {productName(l)} ({l.sneaker_reference_code}) talla {l.size} · {formatCOP(amount(l))}
        </li>
      ))}
    </ul>
  );
}
