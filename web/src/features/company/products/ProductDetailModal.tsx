import { useState } from "react";
import {
  ADJUSTMENT_REASON_LABELS,
  type AdjustmentReason,
  CATEGORY_LABELS,
  GENDER_LABELS,
} from "../../../../../shared/constants";
import { signedPlural } from "../../../../../shared/plural";
import { fetchProduct, fetchProductMovements, type ProductDetail } from "../../../api/catalogue";
import { storedCopyOf } from "../../../api/stored";
import { formatCOP, formatDateTime, productName, referenceWithColor } from "../../../lib/format";
import { useMoreRows } from "../../../lib/paging";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Modal } from "../../../lib/ui/Modal";
import { ProductImage } from "../../../lib/ui/ProductImage";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { TabBar } from "../../../lib/ui/TabBar";
import { AdjustStockModal, type AdjustTarget } from "./AdjustStockModal";
import { ProductEditForm } from "./ProductEditForm";
import { ProductPhotoForm } from "./ProductPhotoForm";
import { VariantsEditor } from "./VariantsEditor";

const ProductDetailSchema = storedCopyOf<ProductDetail>("product", "sizes", "movements_total");

type Tab = "stock" | "edit" | "photo" | "codes" | "history";

const PRICE_FIELD: Record<string, string> = { unit_price: "Precio", box_price: "Precio por caja", cost_price: "Costo" };

function signed(n: number) {
  return n > 0 ? `+${n}` : String(n);
}

function deltaText(d: { pairs: number; left: number; right: number; exhibition: number }) {
  const parts = [
    d.pairs ? signedPlural(d.pairs, "par", "pares") : "",
    d.left ? `${signed(d.left)} izq.` : "",
    d.right ? `${signed(d.right)} der.` : "",
    d.exhibition ? `${signed(d.exhibition)} exhib.` : "",
  ].filter(Boolean);
  return parts.join(" · ") || "sin cambio de unidades";
}

function StockTab({ detail, onAdjust }: { detail: ProductDetail; onAdjust: ((t: AdjustTarget) => void) | null }) {
  if (detail.sizes.length === 0) return <EmptyState text="Este producto no tiene tallas con stock" />;
  return (
    <div className="space-y-3">
      {detail.sizes.map((size) => (
        <section key={size.size} className="rounded-lg border border-stone-200 p-3" aria-label={`Talla ${size.size}`}>
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <h4 className="font-semibold text-stone-900">Talla {size.size}</h4>
            <span className="text-xs text-stone-500">
              {size.barcode ? `Código ${size.barcode}` : "Sin código de barras"}
              {size.sku ? ` · SKU ${size.sku}` : ""}
            </span>
          </header>
          {size.locations.length === 0 ? (
            <p className="mt-1 text-sm text-stone-500">Sin stock en ninguna ubicación</p>
          ) : (
            <table className="mt-2 w-full text-sm">
              <thead className="text-left text-xs text-stone-500">
                <tr>
                  <th className="py-1 font-medium">Ubicación</th>
                  <th className="py-1 text-right font-medium">Pares</th>
                  <th className="py-1 text-right font-medium">Izq.</th>
                  <th className="py-1 text-right font-medium">Der.</th>
                  <th className="py-1 text-right font-medium">Exhib.</th>
                  {onAdjust && <th className="sr-only">Acciones</th>}
                </tr>
              </thead>
              <tbody>
                {size.locations.map((l) => (
                  <tr key={l.location_id} className="border-t border-stone-100">
                    <td className="py-1.5">{l.location_name}</td>
                    <td className="py-1.5 text-right tabular-nums">
                      {l.pairs}
                      {l.reserved_pairs > 0 && (
                        <span className="text-xs text-stone-500"> ({l.reserved_pairs} res.)</span>
                      )}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">{l.left_feet}</td>
                    <td className="py-1.5 text-right tabular-nums">{l.right_feet}</td>
                    <td className="py-1.5 text-right tabular-nums">{l.exhibition}</td>
                    {onAdjust && (
                      <td className="py-1.5 pl-2 text-right">
                        <SmallButton
                          label={`Ajustar talla ${size.size} en ${l.location_name}`}
                          onClick={() =>
                            onAdjust({
                              productId: detail.product.id,
                              reference: detail.product.reference_code,
                              size: size.size,
                              locationId: l.location_id,
                              locationName: l.location_name,
                              current: {
                                pairs: l.pairs,
                                left: l.left_feet,
                                right: l.right_feet,
                                exhibition: l.exhibition,
                              },
                            })
                          }
                        >
                          Ajustar
                        </SmallButton>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}

function HistoryTab({ detail, productId }: { detail: ProductDetail; productId: number }) {
  const more = useMoreRows(
    detail.movements,
    String(productId),
    async (offset, signal) => (await fetchProductMovements(productId, offset, signal)).movements,
    (m) => m.id,
  );
  const total = Math.max(detail.movements_total, more.rows.length);
  return (
    <div className="space-y-4">
      <section>
        <h4 className="mb-2 font-semibold text-stone-900">Historial de precios</h4>
        {detail.price_history.length === 0 ? (
          <p className="text-sm text-stone-500">Los precios no han cambiado desde el ingreso.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {detail.price_history.map((h) => (
              <li key={`${h.created_at}-${h.field}`} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {PRICE_FIELD[h.field] ?? h.field}: {h.old_value === null ? "—" : formatCOP(h.old_value)} →{" "}
                  <strong>{h.new_value === null ? "—" : formatCOP(h.new_value)}</strong>
                </span>
                <span className="text-stone-500">
                  {h.user_name ?? "Sistema"} · {formatDateTime(h.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h4 className="mb-2 font-semibold text-stone-900">Movimientos de stock</h4>
        {more.rows.length > 0 && (
          <ListCount
            className="mb-1 text-xs text-stone-500"
            shown={more.rows.length}
            total={total}
            one="movimiento"
            many="movimientos"
          />
        )}
        {more.rows.length === 0 ? (
          <p className="text-sm text-stone-500">Sin movimientos.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm" data-testid="movements">
            {more.rows.map((m) => (
              <li key={m.id} className="py-1.5">
                <div className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium text-stone-900">
                    {m.adjustment_reason
                      ? `Ajuste: ${ADJUSTMENT_REASON_LABELS[m.adjustment_reason as AdjustmentReason] ?? m.adjustment_reason}`
                      : m.reason_text}
                    {m.sale_id ? ` · venta #${m.sale_id}` : ""}
                    {m.transfer_id ? ` · transferencia #${m.transfer_id}` : ""}
                  </span>
                  <span className="text-stone-500">{formatDateTime(m.created_at)}</span>
                </div>
                <div className="text-stone-600">
                  {m.location_name} · talla {m.size} · {deltaText(m.delta)}
                  {m.user_name ? ` · ${m.user_name}` : ""}
                </div>
              </li>
            ))}
          </ul>
        )}
        <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
      </section>
    </div>
  );
}

type Props = { productId: number; canEdit: boolean; onClose: () => void };

/**
 * A product's page: stock per size and location, its edit form, box codes, and price and stock history.
 * Each write's hook reads the page and the catalogue again (products/mutations.ts).
 */
export function ProductDetailModal({ productId, canEdit, onClose }: Props) {
  const [tab, setTab] = useState<Tab>("stock");
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const live = useRemoteData({
    area: "admin",
    name: `product:${productId}`,
    schema: ProductDetailSchema,
    load: (signal) => fetchProduct(productId, signal),
  });
  const changed = (text: string) => setFlash({ tone: "success", text });
  const tabs = [
    { id: "stock" as const, label: "Stock" },
    ...(canEdit
      ? [
          { id: "edit" as const, label: "Editar" },
          { id: "photo" as const, label: "Foto" },
          { id: "codes" as const, label: "Códigos" },
        ]
      : []),
    { id: "history" as const, label: "Historial" },
  ];
  const title = live.data ? productName(live.data.product) : "Producto";
  return (
    <Modal title={title} onClose={onClose} wide>
      <DataState live={live} loadingLabel="Cargando producto...">
        {(detail) => {
          const p = detail.product;
          return (
            <div className="space-y-4">
              <div className="flex gap-3">
                <ProductImage src={p.image_url} alt={productName(p)} className="size-20 shrink-0 rounded-lg" />
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-stone-900">{referenceWithColor(p)}</p>
                  <p className="text-stone-600">
                    {[p.category ? CATEGORY_LABELS[p.category] : null, p.gender ? GENDER_LABELS[p.gender] : null]
                      .filter(Boolean)
                      .join(" · ") || "Sin categoría"}
                  </p>
                  <p className="mt-1">
                    Precio <strong className="tabular-nums">{formatCOP(p.unit_price)}</strong>
                    {" · "}Costo{" "}
                    <strong className="tabular-nums">
                      {p.cost_price === null ? "sin costo" : formatCOP(p.cost_price)}
                    </strong>
                  </p>
                  <p className="mt-1 flex flex-wrap gap-1">
                    {p.is_active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>}
                    {p.published && <Badge tone="info">En la tienda</Badge>}
                    {detail.scan_references.status === "sin_huellas" ? (
                      <Badge tone="warning">Sin huellas de escaneo</Badge>
                    ) : (
                      <Badge tone="info">{detail.scan_references.total} huellas de escaneo</Badge>
                    )}
                  </p>
                </div>
              </div>
              <FlashNotice flash={flash} onClose={() => setFlash(null)} />
              <TabBar tabs={tabs} current={tab} onChange={setTab} label="Secciones del producto" />
              {tab === "stock" && <StockTab detail={detail} onAdjust={canEdit ? setAdjusting : null} />}
              {tab === "edit" && canEdit && <ProductEditForm product={p} onSaved={changed} />}
              {tab === "photo" && canEdit && <ProductPhotoForm product={p} onSaved={changed} />}
              {tab === "codes" && canEdit && <VariantsEditor detail={detail} onSaved={changed} />}
              {tab === "history" && <HistoryTab detail={detail} productId={productId} />}
            </div>
          );
        }}
      </DataState>
      {adjusting && (
        <AdjustStockModal
          target={adjusting}
          onClose={() => setAdjusting(null)}
          onDone={(text) => {
            setAdjusting(null);
            changed(text);
          }}
        />
      )}
    </Modal>
  );
}
