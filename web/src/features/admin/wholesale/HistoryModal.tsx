import type { WholesaleProduct } from "../../../api/admin-schemas";
import { fetchProductSales } from "../../../api/mayoreo";
import { countLabel, formatCOP, formatDateTime } from "../../../lib/format";
import { secondaryButton } from "../../../lib/ui/classes";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { Spinner } from "../../../lib/ui/Spinner";
import { useAsync } from "../../../lib/useAsync";

/** The sales history of one wholesale product. */
export function HistoryModal({ product, onClose }: { product: WholesaleProduct; onClose: () => void }) {
  const { state, retry } = useAsync(`wholesale-history-${product.id}`, (signal) =>
    fetchProductSales(product.id, signal),
  );
  return (
    <Modal title={`Ventas de ${product.modelo}`} onClose={onClose}>
      {state.status === "loading" && <Spinner label="Cargando ventas..." />}
      {state.status === "error" && (
        <div className="space-y-2">
          <Notice tone="error">Error al obtener ventas: {state.message}</Notice>
          <button type="button" onClick={retry} className={secondaryButton}>
            Reintentar
          </button>
        </div>
      )}
      {state.status === "success" &&
        (state.data.length === 0 ? (
          <EmptyState text="Este producto no tiene ventas registradas" />
        ) : (
          <ul className="divide-y divide-stone-100">
            {state.data.map((sale) => (
              <li key={sale.id} className="py-2.5 text-sm">
                <div className="flex justify-between gap-3">
                  <span className="font-medium text-stone-900">
                    {countLabel(sale.cantidad_cajas_vendidas, "caja", "cajas")} ×{" "}
                    {formatCOP(sale.precio_unitario_venta)}
                  </span>
                  <span className="font-semibold tabular-nums">{formatCOP(sale.total_venta)}</span>
                </div>
                <p className="text-xs text-stone-500">
                  {formatDateTime(sale.fecha_venta)}
                  {sale.notas ? ` · ${sale.notas}` : ""}
                </p>
              </li>
            ))}
          </ul>
        ))}
    </Modal>
  );
}
