import type { InventoryAlert } from "../../../api/admin-schemas";
import { countLabel, productName } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { EmptyState } from "../../../lib/ui/EmptyState";

/** Stock alerts evaluated against today's stock: triggered ones list the products below the threshold. */
export function AlertsList({ alerts }: { alerts: readonly InventoryAlert[] }) {
  if (alerts.length === 0) return <EmptyState text="No hay alertas configuradas" />;
  return (
    <ul className="space-y-2">
      {alerts.map((a) => (
        <li key={a.id} data-testid="inventory-alert" className="rounded-lg border border-stone-200 p-3 text-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                {a.location_name} · poco stock hasta{" "}
                {countLabel(a.threshold_value, "par disponible", "pares disponibles")}
              </p>
              <p className="text-xs text-stone-500">
                {a.alert_type === "inventario_minimo" ? "Inventario mínimo" : a.alert_type}
                {a.product_reference ? ` · ${a.product_reference}` : " · todos los productos"}
                {a.notification_emails.length > 0 ? ` · ${a.notification_emails.join(", ")}` : ""}
              </p>
            </div>
            {!a.is_active ? (
              <Badge tone="neutral">Inactiva</Badge>
            ) : a.triggered ? (
              <Badge tone="error">Activada · {countLabel(a.low_stock_items.length, "producto", "productos")}</Badge>
            ) : (
              <Badge tone="success">Sin alertas</Badge>
            )}
          </div>
          {a.triggered && a.low_stock_items.length > 0 && (
            <details className="mt-2">
              <summary className="cursor-pointer text-xs font-semibold text-orange-700">
                Ver productos bajo el umbral
              </summary>
              <ul className="mt-1 space-y-0.5 text-xs text-stone-700">
                {a.low_stock_items.map((item) => (
                  <li key={item.product_id}>
                    {item.reference_code} · {productName(item)}:{" "}
                    {countLabel(item.pairs, "par disponible", "pares disponibles")}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
