import type { WholesaleProduct } from "../../../api/admin-schemas";
import { countLabel, formatCOP, formatDateTime } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { secondaryButton } from "../../../lib/ui/classes";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { Spinner } from "../../../lib/ui/Spinner";
import { adminQueries } from "../queries";

/** The sales history of one wholesale product. */
export function HistoryModal({ product, onClose }: { product: WholesaleProduct; onClose: () => void }) {
  const remote = useRemoteData(adminQueries.wholesaleHistory(product.id));
  return (
    <Modal title={`Ventas de ${product.modelo}`} onClose={onClose}>
      {remote.status === "loading" && <Spinner label="Cargando ventas..." />}
      {remote.status === "error" && (
        <div className="space-y-2">
          <Notice tone="error">Error al obtener ventas: {remote.error}</Notice>
          <button type="button" onClick={() => remote.reload()} className={secondaryButton}>
            Reintentar
          </button>
        </div>
      )}
      {remote.data &&
        (remote.data.length === 0 ? (
          <EmptyState text="Este producto no tiene ventas registradas" />
        ) : (
          <ul className="divide-y divide-stone-100">
            {remote.data.map((sale) => (
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
