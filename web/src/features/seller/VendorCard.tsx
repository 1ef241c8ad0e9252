import { pluralWord } from "../../../../shared/plural";
import type { VendorDashboard } from "../../api/seller-schemas";
import { countLabel, formatCOP, formatDate } from "../../lib/format";
import { normalizeRole, ROLE_LABEL } from "../../lib/roles";

/**
 * Who is selling, where and today's running figures (spec 1 §2 vendor card). Sales kept on the phone
 * (`onPhone`: count and amount not yet sent) are added and said, as in the summary cards below, so the
 * figures do not jump when they reach the server.
 */
export function VendorCard({
  data,
  onPhone = { count: 0, amount: 0 },
}: {
  data: VendorDashboard;
  onPhone?: { count: number; amount: number };
}) {
  const { vendor_info: vendor, today_summary: today } = data;
  return (
    <section aria-label="Vendedor" className="rounded-xl bg-stone-900 p-4 text-white shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="truncate text-lg font-bold">{vendor.name}</p>
          <p className="truncate text-sm text-stone-300">{vendor.email}</p>
        </div>
        <p className="text-sm text-stone-300">{formatDate(today.date)}</p>
      </div>
      <p className="mt-2 text-sm text-stone-200">
        <span className="font-semibold text-white">{vendor.location_name ?? "Sin ubicación asignada"}</span>
        {" · "}
        {ROLE_LABEL[normalizeRole(vendor.role)]}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-center sm:grid-cols-3">
        <div className="rounded-lg bg-white/10 px-2 py-2">
          <dt className="text-xs text-stone-300">Ventas hoy</dt>
          <dd className="text-xl font-bold" data-testid="vendor-sales-count">
            {today.sales.total_count + onPhone.count}
          </dd>
        </div>
        <div className="rounded-lg bg-white/10 px-2 py-2">
          <dt className="text-xs text-stone-300">Por confirmar</dt>
          <dd className="text-xl font-bold">{today.sales.pending_confirmations}</dd>
        </div>
        <div className="col-span-2 rounded-lg bg-white/10 px-2 py-2 sm:col-span-1">
          <dt className="text-xs text-stone-300">Total vendido hoy</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="vendor-total">
            {formatCOP(today.sales.total_amount + onPhone.amount)}
          </dd>
        </div>
      </dl>
      {onPhone.count > 0 && (
        <p className="mt-2 text-xs text-stone-300" data-testid="vendor-on-phone">
          Incluye {countLabel(onPhone.count, "venta", "ventas")} {pluralWord(onPhone.count, "guardada", "guardadas")} en
          el teléfono ({formatCOP(onPhone.amount)}), {pluralWord(onPhone.count, "pendiente", "pendientes")} de
          sincronizar.
        </p>
      )}
    </section>
  );
}

/**
 * The card's room while the first answer loads, with the same lines and boxes (empty), so the actions
 * below it do not move down when the figures arrive.
 */
export function VendorCardPlaceholder() {
  const box = "rounded-lg bg-white/10 px-2 py-2";
  return (
    <div aria-hidden="true" className="rounded-xl bg-stone-900 p-4 text-white shadow-sm sm:p-5">
      <p className="text-lg">&nbsp;</p>
      <p className="text-sm">&nbsp;</p>
      <p className="mt-2 text-sm">&nbsp;</p>
      <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <PlaceholderFigure className={box} />
        <PlaceholderFigure className={box} />
        <PlaceholderFigure className={`col-span-2 sm:col-span-1 ${box}`} />
      </div>
    </div>
  );
}

function PlaceholderFigure({ className }: { className: string }) {
  return (
    <div className={className}>
      <p className="text-xs">&nbsp;</p>
      <p className="text-xl">&nbsp;</p>
    </div>
  );
}
