import { useState } from "react";
import * as v from "valibot";
import {
  type WholesaleProduct,
  WholesaleProductsSchema,
  WholesaleSalesSchema,
  WholesaleStatsSchema,
} from "../../../api/admin-schemas";
import { fetchWholesaleProducts, fetchWholesaleSales, fetchWholesaleStats } from "../../../api/mayoreo";
import { countLabel, formatCOP, formatDateTime } from "../../../lib/format";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { DataState } from "../../../lib/ui/DataState";
import { AddButton, type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { ItemList } from "../../../lib/ui/ItemList";
import { ListCount } from "../../../lib/ui/ListCount";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { StatGrid } from "../../../lib/ui/StatCard";
import { DataTable } from "../DataTable";
import { useDeleteWholesaleProduct } from "../mutations";
import { HistoryModal } from "./HistoryModal";
import { CreateProductModal, EditProductModal } from "./ProductModal";
import { ProductPhoto } from "./ProductPhoto";
import { SaleModal } from "./SaleModal";
import { boxTone, canSell } from "./wholesaleForm";

const Schema = v.object({
  products: WholesaleProductsSchema,
  sales: WholesaleSalesSchema,
  stats: WholesaleStatsSchema,
});

/** Sales the panel lists (the newest; "Mostrando 10 de N" says how many there are). */
const LATEST_SALES = 10;

type Dialog = { kind: "create" } | { kind: "edit" | "sell" | "history" | "delete"; product: WholesaleProduct } | null;

/** Mayoreo: five stat cards, the products sold by the box, the last 10 sales and their dialogs. */
export function WholesaleSection() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [deleting, setDeleting] = useState(false);
  const deletion = useDeleteWholesaleProduct();
  // Products, sales and statistics load at once (spec §4).
  const live = useRemoteData({
    area: "admin",
    name: "wholesale",
    schema: Schema,
    load: async (signal) => {
      const [products, sales, stats] = await Promise.all([
        fetchWholesaleProducts(signal),
        fetchWholesaleSales(signal, LATEST_SALES),
        fetchWholesaleStats(signal),
      ]);
      return { products, sales, stats };
    },
  });

  const done = (text: string) => {
    setDialog(null);
    setFlash({ tone: "success", text });
  };

  async function remove(product: WholesaleProduct) {
    setDeleting(true);
    try {
      const answer = await deletion.mutateAsync(product.id);
      done(answer.message || "Producto eliminado exitosamente");
    } catch (error) {
      setDialog(null);
      setFlash({
        tone: "error",
        text: failureText("Error al eliminar producto", error),
      });
    } finally {
      setDeleting(false);
    }
  }

  const open = (kind: "edit" | "sell" | "history" | "delete", product: WholesaleProduct) => {
    setFlash(null);
    setDialog({ kind, product });
  };

  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <DataState live={live} loadingLabel="Cargando mayoreo...">
        {({ products, sales, stats }) => (
          <>
            <StatGrid
              className="grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-5"
              cards={[
                { label: "Productos activos", value: stats.productos_activos, tone: "orange" },
                {
                  label: "Cajas disponibles",
                  value: stats.total_cajas_disponibles,
                  tone: "sky",
                  testId: "wholesale-boxes",
                },
                { label: "Valor del inventario", value: formatCOP(stats.valor_inventario), tone: "green" },
                {
                  label: "Ventas realizadas",
                  value: stats.total_ventas,
                  detail: "Todas, desde la primera",
                  tone: "amber",
                  testId: "wholesale-sales",
                },
                {
                  label: "Total vendido",
                  value: formatCOP(stats.valor_total_ventas),
                  detail: "Todas, desde la primera",
                },
              ]}
            />
            <Panel
              title="Productos de mayoreo"
              action={
                <AddButton
                  onClick={() => {
                    setFlash(null);
                    setDialog({ kind: "create" });
                  }}
                >
                  + Nuevo producto
                </AddButton>
              }
            >
              <DataTable
                label="Productos de mayoreo"
                rows={products}
                rowKey={(p) => p.id}
                empty="No hay productos de mayoreo"
                rowTestId="wholesale-row"
                columns={[
                  {
                    header: "Modelo",
                    cell: (p) => (
                      <span className="inline-flex items-center gap-2 text-left">
                        <ProductPhoto path={p.foto_url} alt={`Foto de ${p.modelo}`} />
                        <span className="font-medium">{p.modelo}</span>
                      </span>
                    ),
                  },
                  { header: "Tallas", cell: (p) => p.tallas ?? "—" },
                  {
                    header: "Cajas",
                    cell: (p) => (
                      <Badge tone={boxTone(p.cantidad_cajas_disponibles)}>{p.cantidad_cajas_disponibles}</Badge>
                    ),
                  },
                  { header: "Pares por caja", cell: (p) => p.pares_por_caja, align: "right" },
                  { header: "Precio", cell: (p) => formatCOP(p.precio), align: "right" },
                  {
                    header: "Estado",
                    cell: (p) =>
                      p.is_active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>,
                  },
                  {
                    header: "Acciones",
                    wide: true,
                    cell: (p) => (
                      <span className="flex flex-wrap gap-1.5">
                        <SmallButton
                          label={`Vender ${p.modelo}`}
                          disabled={!canSell(p)}
                          onClick={() => open("sell", p)}
                        >
                          Vender
                        </SmallButton>
                        <SmallButton label={`Historial de ${p.modelo}`} onClick={() => open("history", p)}>
                          Historial
                        </SmallButton>
                        <SmallButton label={`Editar ${p.modelo}`} onClick={() => open("edit", p)}>
                          Editar
                        </SmallButton>
                        <SmallButton label={`Eliminar ${p.modelo}`} danger onClick={() => open("delete", p)}>
                          Eliminar
                        </SmallButton>
                      </span>
                    ),
                  },
                ]}
              />
            </Panel>
            <Panel title="Últimas ventas de mayoreo">
              {sales.length > 0 && (
                <ListCount
                  className="mb-2 text-xs text-stone-500"
                  shown={Math.min(sales.length, LATEST_SALES)}
                  total={Math.max(stats.total_ventas, sales.length)}
                  one="venta de mayoreo"
                  many="ventas de mayoreo"
                />
              )}
              <ItemList
                items={sales.slice(0, LATEST_SALES)}
                empty="No hay ventas de mayoreo registradas"
                className="divide-y divide-stone-100"
                label="Últimas ventas"
              >
                {(sale) => (
                  <li key={sale.id} data-testid="wholesale-sale" className="py-2.5 text-sm">
                    <div className="flex justify-between gap-3">
                      <span className="min-w-0 font-medium text-stone-900">{sale.mayoreo_producto}</span>
                      <span className="shrink-0 font-semibold tabular-nums">{formatCOP(sale.total_venta)}</span>
                    </div>
                    <p className="text-xs text-stone-500">
                      {countLabel(sale.cantidad_cajas_vendidas, "caja", "cajas")} ×{" "}
                      {formatCOP(sale.precio_unitario_venta)} · {formatDateTime(sale.fecha_venta)}
                      {sale.notas ? ` · ${sale.notas}` : ""}
                    </p>
                  </li>
                )}
              </ItemList>
            </Panel>
          </>
        )}
      </DataState>
      {dialog?.kind === "create" && <CreateProductModal onClose={() => setDialog(null)} onCreated={done} />}
      {dialog?.kind === "edit" && (
        <EditProductModal product={dialog.product} onClose={() => setDialog(null)} onSaved={done} />
      )}
      {dialog?.kind === "sell" && <SaleModal product={dialog.product} onClose={() => setDialog(null)} onSold={done} />}
      {dialog?.kind === "history" && <HistoryModal product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title="Eliminar producto"
          message={`¿Eliminar "${dialog.product.modelo}"? Si tiene ventas registradas se desactiva y su historial se conserva.`}
          confirmLabel="Eliminar"
          busy={deleting}
          onCancel={() => setDialog(null)}
          onConfirm={() => void remove(dialog.product)}
        />
      )}
    </div>
  );
}
