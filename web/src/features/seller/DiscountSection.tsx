import type { DiscountRequest } from "../../api/seller-schemas";
import { formatCOP, formatDateTime } from "../../lib/format";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { linkButton } from "../../lib/ui/classes";
import { DiscountRequestForm } from "./DiscountRequestForm";
import { sellerQueries } from "./queries";
import { SectionCard } from "./SectionCard";
import { type DiscountDraft, NO_DISCOUNT } from "./saleForm";

type Props = { discount: DiscountDraft; onChange: (discount: DiscountDraft) => void };

/** Approved requests not yet used in a sale are the only discounts a sale can carry. */
export function usableDiscounts(requests: readonly DiscountRequest[]): DiscountRequest[] {
  return requests.filter((r) => r.status === "approved" && r.used_in_sale_id === null);
}

/** 'Descuento (opcional)': pick an approved request of this seller, or ask for a new one. */
export function DiscountSection({ discount, onChange }: Props) {
  const remote = useRemoteData(sellerQueries.discounts());
  const requests = remote.data?.requests ?? null;
  const usable = requests ? usableDiscounts(requests) : [];
  const pending = requests ? requests.filter((r) => r.status === "pending") : [];

  return (
    <SectionCard title="Descuento (opcional)">
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          checked={discount.enabled}
          onChange={(e) => onChange(e.target.checked ? { ...NO_DISCOUNT, enabled: true } : NO_DISCOUNT)}
          className="size-5 rounded border-stone-300 accent-orange-600"
        />
        Aplicar descuento
      </label>

      {discount.enabled && (
        <div className="mt-3 space-y-3">
          {remote.status === "loading" && <p className="text-sm text-stone-600">Cargando tus descuentos...</p>}
          {remote.status === "error" && (
            <p role="alert" className="text-sm text-red-700">
              No se pudieron cargar tus descuentos: {remote.error}{" "}
              <button type="button" onClick={() => remote.reload()} className={linkButton}>
                Reintentar
              </button>
            </p>
          )}
          {requests && (
            <fieldset>
              <legend className="text-sm font-medium text-stone-700">Descuentos aprobados disponibles</legend>
              {usable.length === 0 ? (
                <p className="mt-1 text-sm text-stone-600">No tienes descuentos aprobados sin usar.</p>
              ) : (
                <div className="mt-2 space-y-2">
                  {usable.map((request) => (
                    <label
                      key={request.id}
                      className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-checked:border-orange-500 has-checked:bg-orange-50"
                    >
                      <input
                        type="radio"
                        name="discount-request"
                        checked={discount.requestId === request.id}
                        onChange={() =>
                          onChange({
                            enabled: true,
                            requestId: request.id,
                            amount: request.amount,
                            reason: request.reason,
                          })
                        }
                        className="mt-1 size-4 accent-orange-600"
                      />
                      <span className="min-w-0 text-sm">
                        <span className="block font-semibold text-stone-900">{formatCOP(request.amount)}</span>
                        <span className="block text-stone-700">{request.reason}</span>
                        <span className="block text-xs text-stone-500">
                          Solicitado {formatDateTime(request.created_at)}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
              {discount.requestId === null && usable.length > 0 && (
                <p className="mt-2 text-sm text-amber-800">
                  Selecciona un descuento aprobado o desactiva el descuento.
                </p>
              )}
              {pending.length > 0 && (
                <p className="mt-2 text-sm text-stone-600">
                  Pendientes de aprobación: {pending.map((r) => `${formatCOP(r.amount)} (${r.reason})`).join(", ")}.{" "}
                  <button type="button" onClick={() => remote.reload()} className={linkButton}>
                    Actualizar
                  </button>
                </p>
              )}
            </fieldset>
          )}
          <DiscountRequestForm />
        </div>
      )}
    </SectionCard>
  );
}
