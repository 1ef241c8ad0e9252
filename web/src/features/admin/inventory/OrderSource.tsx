import { useEffect, useState } from "react";
import { plural } from "../../../../../shared/plural";
import { fetchProduct, type ProductDetail } from "../../../api/catalogue";
import type { PurchaseOrder, PurchaseOrderLine } from "../../../api/purchasing";
import { productName } from "../../../lib/format";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { SelectField } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { adminQueries } from "../queries";

/** The order line chosen for an entry: its order, the product and the product's lines with pairs pending. */
export type OrderPick = {
  order: PurchaseOrder;
  product: ProductDetail["product"];
  lines: PurchaseOrderLine[];
};

export type Source = "free" | "order";

type Props = {
  source: Source;
  onSource: (source: Source) => void;
  pick: OrderPick | null;
  onPick: (pick: OrderPick | null) => void;
  /** bumped after an entry: the open orders and what they have pending are read again */
  refreshKey: number;
  disabled: boolean;
};

/** The products of an order with pairs still pending, one option each, in the order's order. */
export function pendingProducts(order: PurchaseOrder) {
  const byProduct = new Map<number, { line: PurchaseOrderLine; pending: number }>();
  for (const line of order.lines) {
    if (line.pending <= 0) continue;
    const seen = byProduct.get(line.product_id);
    byProduct.set(line.product_id, { line: seen?.line ?? line, pending: (seen?.pending ?? 0) + line.pending });
  }
  return [...byProduct.values()];
}

/**
 * 'Origen del ingreso': a free entry, or 'Desde una orden de compra': an open order (enviada or recibida en
 * parte) and one of its products with pairs pending; the entry form then fills from it (InventorySection).
 */
export function OrderSource({ source, onSource, pick, onPick, refreshKey, disabled }: Props) {
  const [orderId, setOrderId] = useState("");
  const [productId, setProductId] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const fromOrder = source === "order";
  const sent = useRemoteData({ ...adminQueries.purchaseOrders("enviada"), enabled: fromOrder });
  const partial = useRemoteData({ ...adminQueries.purchaseOrders("parcial"), enabled: fromOrder });
  const detail = useRemoteData({
    ...adminQueries.purchaseOrder(Number(orderId) || 0),
    enabled: fromOrder && orderId !== "",
  });
  const reloadSent = sent.reload;
  const reloadPartial = partial.reload;
  const reloadDetail = detail.reload;

  // after an entry from an order, what it has pending changed: read the lists again, forget the choice
  useEffect(() => {
    if (refreshKey === 0) return;
    setProductId("");
    reloadSent("event");
    reloadPartial("event");
    reloadDetail("event");
  }, [refreshKey, reloadSent, reloadPartial, reloadDetail]);

  // the parent forgot the choice (the entry was registered): the product select follows
  useEffect(() => {
    if (!pick) setProductId("");
  }, [pick]);

  const open = [...(sent.data?.orders ?? []), ...(partial.data?.orders ?? [])]
    .filter((o) => o.received_pairs < o.total_pairs)
    .sort((a, b) => b.id - a.id);
  const order = orderId !== "" && detail.data?.id === Number(orderId) ? detail.data : null;
  const products = order ? pendingProducts(order) : [];
  const loadingOrders = fromOrder && (sent.status === "loading" || partial.status === "loading");

  function chooseSource(next: Source) {
    onSource(next);
    setFailure(null);
    if (next === "free") {
      setOrderId("");
      setProductId("");
      onPick(null);
    }
  }

  function chooseOrder(id: string) {
    setOrderId(id);
    setProductId("");
    setFailure(null);
    onPick(null);
  }

  async function chooseProduct(id: string) {
    setProductId(id);
    setFailure(null);
    if (!order || id === "") return onPick(null);
    const productIdNumber = Number(id);
    try {
      const found = await fetchProduct(productIdNumber);
      onPick({
        order,
        product: found.product,
        lines: order.lines.filter((l) => l.product_id === productIdNumber && l.pending > 0),
      });
    } catch (err) {
      setFailure(`No se pudo leer el producto: ${errorMessage(err)}`);
      onPick(null);
    }
  }

  return (
    <Panel title="Origen del ingreso">
      <ChoiceChips<Source>
        legend="Origen del ingreso"
        hideLegend
        columns="stack"
        value={source}
        onChange={(next) => !disabled && chooseSource(next)}
        choices={[
          { value: "free", label: "Ingreso libre", hint: "Un producto nuevo o uno del catálogo" },
          {
            value: "order",
            label: "Desde una orden de compra",
            hint: "Los pares entran como recepción de la orden, con su costo",
          },
        ]}
      />
      {fromOrder && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Orden de compra"
            value={orderId}
            disabled={disabled || loadingOrders}
            onChange={chooseOrder}
            placeholder={
              loadingOrders ? "Cargando órdenes..." : open.length === 0 ? "No hay órdenes abiertas" : "Elige una orden"
            }
            options={open.map((o) => ({
              value: o.id,
              label: `#${o.id} · ${o.supplier_name} → ${o.location_name} · ${plural(o.total_pairs - o.received_pairs, "par pendiente", "pares pendientes")}`,
            }))}
            hint="Órdenes enviadas o recibidas en parte"
          />
          <SelectField
            label="Producto de la orden"
            value={productId}
            disabled={disabled || !order}
            onChange={(id) => void chooseProduct(id)}
            placeholder={orderId !== "" && !order ? "Cargando la orden..." : "Elige un producto"}
            options={products.map(({ line, pending }) => ({
              value: line.product_id,
              label: `${line.sneaker_reference_code} · ${productName(line)}${line.color ? ` ${line.color}` : ""} · ${plural(pending, "par pendiente", "pares pendientes")}`,
            }))}
          />
        </div>
      )}
      {(failure || (fromOrder && (sent.error || partial.error || detail.error))) && (
        <div className="mt-3">
          <Notice tone="error">{failure ?? sent.error ?? partial.error ?? detail.error}</Notice>
        </div>
      )}
    </Panel>
  );
}
