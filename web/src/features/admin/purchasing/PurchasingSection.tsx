import { useState } from "react";
import {
  fetchPurchaseOrder,
  type OrderAction,
  type PurchaseOrder,
  type PurchaseOrderState,
  type Supplier,
} from "../../../api/purchasing";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { DataState } from "../../../lib/ui/DataState";
import { AddButton, type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { ItemList } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { useDialog } from "../../../lib/ui/useDialog";
import { LocationsError } from "../LocationsError";
import { useChangePurchaseOrder } from "../mutations";
import { adminQueries } from "../queries";
import { useLocationOptions } from "../useLocationOptions";
import { NewOrderModal } from "./NewOrderModal";
import { OrderCard, type OrderCommand } from "./OrderCard";
import { OrderLinesModal } from "./OrderLinesModal";
import { ReceiveModal } from "./ReceiveModal";
import { SupplierModal } from "./SupplierModal";

type Filter = PurchaseOrderState | "all";
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "Todas" },
  { value: "enviada", label: "Enviadas" },
  { value: "parcial", label: "En parte" },
  { value: "borrador", label: "Borradores" },
  { value: "recibida", label: "Recibidas" },
];

const ASK: Record<OrderAction, { title: string; message: string; confirm: string; tone: "accent" | "danger" }> = {
  send: {
    title: "Enviar orden",
    message: "La orden queda enviada al proveedor y lista para recibir.",
    confirm: "Enviar",
    tone: "accent",
  },
  cancel: {
    title: "Cancelar orden",
    message: "La orden queda cancelada: no se podrá recibir.",
    confirm: "Cancelar orden",
    tone: "danger",
  },
  close: {
    title: "Cerrar orden",
    message: "Lo que falta por llegar ya no llegará: la orden queda cerrada con lo recibido.",
    confirm: "Cerrar orden",
    tone: "danger",
  },
};

type Asking = { id: number; action: OrderAction };

/**
 * Compras: the purchase orders (by state; new, receive in parts, send, close short, cancel) and the
 * suppliers they go to (docs/purchasing.md).
 */
export function PurchasingSection() {
  const [filter, setFilter] = useState<Filter>("all");
  const orders = useRemoteData(adminQueries.purchaseOrders(filter === "all" ? null : filter));
  const suppliers = useRemoteData(adminQueries.suppliers());
  const locations = useLocationOptions();
  const [flash, setFlash] = useState<Flash | null>(null);
  const creating = useDialog<true>(setFlash);
  const supplierDialog = useDialog<{ supplier: Supplier | null }>(setFlash);
  const receiving = useDialog<PurchaseOrder>(setFlash);
  const viewing = useDialog<PurchaseOrder>(setFlash);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const change = useChangePurchaseOrder();

  async function command(id: number, what: OrderCommand) {
    if (what === "send" || what === "cancel" || what === "close") {
      setFlash(null);
      setAskError(null);
      setAsking({ id, action: what });
      return;
    }
    try {
      const { order } = await fetchPurchaseOrder(id);
      (what === "receive" ? receiving : viewing).open(order);
    } catch (error) {
      setFlash({ tone: "error", text: `No se pudo abrir la orden #${id}: ${errorMessage(error)}` });
    }
  }

  const activeSuppliers = suppliers.data?.suppliers ?? [];
  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <LocationsError options={locations} />
      <Panel
        title="Órdenes de compra"
        description="Lo pedido a los proveedores; cada recepción suma al stock con su costo"
        action={
          <AddButton onClick={() => creating.open(true)} disabled={activeSuppliers.length === 0}>
            + Nueva orden
          </AddButton>
        }
      >
        <div className="space-y-3">
          <ChoiceChips legend="Estado" hideLegend value={filter} choices={FILTERS} onChange={setFilter} columns="fit" />
          <DataState live={orders} loadingLabel="Cargando órdenes...">
            {({ orders: list }) => (
              <ItemList
                items={list}
                empty={filter === "all" ? "Aún no hay órdenes de compra" : "No hay órdenes en este estado"}
                emptyDetail={
                  activeSuppliers.length === 0 ? "Registra primero un proveedor en la lista de abajo." : undefined
                }
                className="grid gap-3 lg:grid-cols-2"
                label="Órdenes de compra"
              >
                {(o) => <OrderCard key={o.id} order={o} onCommand={(what) => void command(o.id, what)} />}
              </ItemList>
            )}
          </DataState>
        </div>
      </Panel>
      <Panel
        title="Proveedores"
        description="El plazo de entrega es lo que tarda la mercancía desde que se envía la orden"
        action={<AddButton onClick={() => supplierDialog.open({ supplier: null })}>+ Nuevo proveedor</AddButton>}
      >
        <DataState live={suppliers} loadingLabel="Cargando proveedores...">
          {({ suppliers: list }) => (
            <ItemList
              items={list}
              empty="Aún no hay proveedores"
              className="divide-y divide-stone-200"
              label="Proveedores"
            >
              {(s) => (
                <li key={s.id} data-testid="supplier" className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-stone-900">{s.name}</p>
                    <p className="text-sm text-stone-600">
                      NIT {s.nit} · entrega en {s.lead_time_days} días
                      {s.contact_name ? ` · ${s.contact_name}` : ""}
                      {s.phone ? ` · ${s.phone}` : ""}
                    </p>
                  </div>
                  <SmallButton label={`Editar ${s.name}`} onClick={() => supplierDialog.open({ supplier: s })}>
                    Editar
                  </SmallButton>
                </li>
              )}
            </ItemList>
          )}
        </DataState>
      </Panel>
      {creating.item && (
        <NewOrderModal
          suppliers={activeSuppliers}
          locations={locations.list}
          onClose={creating.close}
          onCreated={creating.done}
        />
      )}
      {supplierDialog.item && (
        <SupplierModal
          supplier={supplierDialog.item.supplier}
          onClose={supplierDialog.close}
          onSaved={supplierDialog.done}
        />
      )}
      {receiving.item && <ReceiveModal order={receiving.item} onClose={receiving.close} onReceived={receiving.done} />}
      {viewing.item && <OrderLinesModal order={viewing.item} onClose={viewing.close} />}
      {asking && (
        <ConfirmDialog
          title={`${ASK[asking.action].title} #${asking.id}`}
          message={ASK[asking.action].message}
          confirmLabel={ASK[asking.action].confirm}
          tone={ASK[asking.action].tone}
          busy={change.isPending}
          error={askError}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAskError(null);
            change
              .mutateAsync(asking)
              .then((answer) => {
                setAsking(null);
                setFlash({ tone: "success", text: `${answer.message} (#${answer.order.id})` });
              })
              .catch((error: unknown) => setAskError(errorMessage(error)));
          }}
        />
      )}
    </div>
  );
}
