import type { InventoryProduct } from "../../api/transfers-schemas";
import { formatCOP, formatDate, productName } from "../../lib/format";
import { Fact } from "../../lib/logistics/Fact";
import { ProductPhoto } from "../../lib/logistics/ProductPhoto";
import { Badge } from "../../lib/ui/Badge";
import { cardClass } from "../../lib/ui/classes";

/** A product at one location: facts, prices, state, dates and the sizes grid with exhibition units. */
export function InventoryProductCard({ product: p }: { product: InventoryProduct }) {
  return (
    <article className={cardClass} data-testid="inventory-card" aria-label={productName(p)}>
      <div className="flex gap-3">
        <ProductPhoto path={p.image_url} alt={productName(p)} className="size-20" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            {p.is_active === 1 ? <Badge tone="green">Activo</Badge> : <Badge tone="red">Inactivo</Badge>}
            <span className="text-xs text-stone-500">{p.location_name}</span>
          </div>
          <p className="mt-1 font-semibold text-stone-900">{productName(p)}</p>
          <p className="text-sm text-stone-700">
            Total: <span className="font-semibold tabular-nums">{p.total_quantity}</span> unidades
          </p>
        </div>
      </div>
      {p.description && <p className="mt-2 text-sm text-stone-700">{p.description}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2">
        <Fact label="Referencia">{p.reference_code}</Fact>
        <Fact label="Color">{p.color_info ?? "—"}</Fact>
        <Fact label="Precio unitario">{formatCOP(p.unit_price)}</Fact>
        <Fact label="Precio por caja">{p.box_price === null ? "—" : formatCOP(p.box_price)}</Fact>
        <Fact label="Creado">{formatDate(p.created_at)}</Fact>
        <Fact label="Actualizado">{formatDate(p.updated_at)}</Fact>
      </dl>
      <p className="mt-3 text-xs font-semibold text-stone-600">Tallas</p>
      <ul className="mt-1 grid grid-cols-4 gap-1.5 sm:grid-cols-6" aria-label="Tallas">
        {p.sizes.map((s) => (
          <li key={s.size} className="rounded-md border border-stone-200 bg-stone-50 px-1 py-1 text-center">
            <span className="block text-xs text-stone-500">{s.size}</span>
            <span className="block text-sm font-semibold tabular-nums text-stone-900">
              {s.quantity}
              {s.quantity_exhibition > 0 && (
                <span className="ml-0.5 text-xs font-semibold text-orange-700" title="Unidades en exhibición">
                  +{s.quantity_exhibition}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex flex-wrap justify-between gap-2 text-xs text-stone-500">
        <span>ID producto: {p.product_id}</span>
        <span>{p.video_url ? "Video de referencia disponible" : "Sin video de referencia"}</span>
      </p>
    </article>
  );
}
