import { useState } from "react";
import * as v from "valibot";
import { fetchDiscrepancies, fetchPendingDiscounts, fetchPendingReturns } from "../../../api/admin";
import {
  type DiscountRequest,
  DiscrepanciesSchema,
  PendingDiscountsSchema,
  PendingReturnsSchema,
} from "../../../api/admin-schemas";
import { countLabel, formatCOP, formatDateTime } from "../../../lib/format";
import { STATUS_LABEL } from "../../../lib/logistics/progress";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { ActionButtons } from "../../../lib/ui/ActionButtons";
import { Badge } from "../../../lib/ui/Badge";
import { accentButton, dangerButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { AttentionItem, ItemList } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { labelOf } from "../../company/labels";
import { useDecideDiscount } from "../mutations";
import { AlertMessagesPanel } from "./AlertMessagesPanel";
import { DiscrepanciesPanel } from "./DiscrepanciesPanel";
import { DocumentAlertsPanel } from "./DocumentAlertsPanel";
import { NumberingAlertsPanel } from "./NumberingAlertsPanel";
import { StoreMessagesPanel } from "./StoreMessagesPanel";
import { WebReservationsSection } from "./WebReservationsSection";

const Schema = v.object({
  discounts: PendingDiscountsSchema,
  returns: PendingReturnsSchema,
  discrepancies: DiscrepanciesSchema,
});

const RETURN_REASONS: Record<string, string> = {
  no_sale: "No se vendió",
  damaged: "Dañado",
  wrong_product: "Producto equivocado",
  customer_return: "Devolución del cliente",
  other: "Otro",
};

/**
 * Notificaciones: the DIAN numbering ranges nearly used up or about to expire, electronic documents that
 * DIAN rejected or the provider left unanswered, receptions that did not add up, pending discount requests (approve / reject), pending
 * returns, the online store's reservations (per store), and the messages visitors left in the
 * storefront's contact form, and the alert e-mails with the daily digest switch. Each action's hook reads again what it changed, the badge included.
 */
export function NotificationsSection() {
  const [busy, setBusy] = useState<number | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const live = useRemoteData({
    area: "admin",
    name: "notifications",
    schema: Schema,
    load: async (signal) => {
      const [discounts, returns, discrepancies] = await Promise.all([
        fetchPendingDiscounts(signal),
        fetchPendingReturns(signal),
        fetchDiscrepancies("open", signal),
      ]);
      return { discounts, returns, discrepancies };
    },
  });

  const decision = useDecideDiscount();

  async function decide(request: DiscountRequest, approved: boolean) {
    setBusy(request.id);
    setFlash(null);
    try {
      await decision.mutateAsync({ id: request.id, approved });
      setFlash({ tone: "success", text: approved ? "Descuento aprobado exitosamente" : "Descuento rechazado" });
    } catch (error) {
      setFlash({
        tone: "error",
        text: failureText("Error al procesar descuento", error),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <NumberingAlertsPanel />
      <DocumentAlertsPanel />
      <DataState live={live} loadingLabel="Cargando notificaciones...">
        {({ discounts: { requests }, returns: { returns }, discrepancies: { discrepancies, total } }) =>
          requests.length === 0 && returns.length === 0 && discrepancies.length === 0 ? (
            <EmptyState text="No hay notificaciones" />
          ) : (
            <>
              {discrepancies.length > 0 && (
                <DiscrepanciesPanel
                  list={discrepancies}
                  total={total}
                  onResolved={(text) => setFlash({ tone: "success", text })}
                  onError={(text) => setFlash({ tone: "error", text: `Error al resolver la diferencia: ${text}` })}
                />
              )}
              <Panel
                title="Solicitudes de descuento"
                description={countLabel(requests.length, "pendiente", "pendientes")}
              >
                <ItemList items={requests} empty="No hay solicitudes de descuento pendientes" className="space-y-3">
                  {(r) => (
                    <AttentionItem
                      key={r.id}
                      edge="amber"
                      testId="discount-request"
                      head={
                        <>
                          <div className="min-w-0">
                            <p className="font-semibold text-stone-900">
                              {r.requester_name ?? "Vendedor"}
                              {r.location_name ? ` · ${r.location_name}` : ""}
                            </p>
                            <p className="text-xs text-stone-500">
                              Solicitud #{r.id} · {formatDateTime(r.requested_at ?? r.created_at)}
                            </p>
                          </div>
                          <p className="text-lg font-bold text-stone-900 tabular-nums">
                            {formatCOP(r.discount_amount)}
                          </p>
                        </>
                      }
                    >
                      {(r.reason ?? r.message) && (
                        <p className="mt-1 text-sm text-stone-700">Motivo: {r.reason ?? r.message}</p>
                      )}
                      <ActionButtons
                        className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:justify-end"
                        actions={[false, true].map((approve) => ({
                          label: approve ? (busy === r.id ? "Procesando..." : "Aprobar") : "Rechazar",
                          onClick: () => void decide(r, approve),
                          className: approve ? accentButton : dangerButton,
                          show: r.status === "pending",
                          disabled: busy !== null,
                          ariaLabel: `${approve ? "Aprobar" : "Rechazar"} solicitud ${r.id}`,
                        }))}
                      />
                    </AttentionItem>
                  )}
                </ItemList>
              </Panel>
              <Panel title="Devoluciones pendientes" description={`${returns.length} en curso`}>
                <ItemList items={returns} empty="No hay devoluciones pendientes" className="divide-y divide-stone-100">
                  {(r) => (
                    <li key={r.id} data-testid="pending-return" className="py-2.5 text-sm">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <p className="min-w-0 font-medium text-stone-900">
                          Devolución #{r.id} · {[r.brand, r.model].filter(Boolean).join(" ")} · Talla {r.size ?? "—"} ×{" "}
                          {r.quantity}
                        </p>
                        <Badge tone="info">{labelOf(STATUS_LABEL, r.status)}</Badge>
                      </div>
                      <p className="text-xs text-stone-500">
                        {r.requester_name ?? "—"} · {r.origin_location_name ?? "—"} ·{" "}
                        {r.reason ? labelOf(RETURN_REASONS, r.reason) : "Sin motivo"} · {formatDateTime(r.requested_at)}
                      </p>
                    </li>
                  )}
                </ItemList>
              </Panel>
            </>
          )
        }
      </DataState>
      <AlertMessagesPanel />
      <WebReservationsSection />
      <StoreMessagesPanel />
    </div>
  );
}
