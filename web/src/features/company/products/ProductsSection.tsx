import { useState } from "react";
import { CATEGORIES, CATEGORY_LABELS } from "../../../../../shared/constants";
import { type CatalogueFilters, type CatalogueItem, type CataloguePage, fetchCatalogue } from "../../../api/catalogue";
import { storedCopyOf } from "../../../api/stored";
import { countLabel, formatCOP, productName, referenceWithColor } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { secondaryButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { SelectField, TextField } from "../../../lib/ui/form";
import { ProductImage } from "../../../lib/ui/ProductImage";
import { TabBar } from "../../../lib/ui/TabBar";
import { CatalogueCsvActions } from "./CatalogueCsv";
import { ProductDetailModal } from "./ProductDetailModal";
import { AdjustmentsReport, PriceOverridesReport } from "./StockControlReports";

const PAGE_SIZE = 25;
const STOCK_TABS = [
  { id: "catalogue", label: "Catálogo" },
  { id: "adjustments", label: "Ajustes de stock" },
  { id: "overrides", label: "Precios autorizados" },
] as const;
const CataloguePageSchema = storedCopyOf<CataloguePage>("products", "total");

const ACTIVE_OPTIONS = [
  { value: "all", label: "Todos" },
  { value: "true", label: "Activos" },
  { value: "false", label: "Inactivos" },
];
const STOCK_OPTIONS = [
  { value: "", label: "Con y sin stock" },
  { value: "with", label: "Con stock" },
  { value: "without", label: "Sin stock" },
];
const SCAN_OPTIONS = [
  { value: "", label: "Con y sin huellas" },
  { value: "with", label: "Con huellas de escaneo" },
  { value: "without", label: "Sin huellas" },
];
const SORT_OPTIONS = [
  { value: "brand:asc", label: "Marca y modelo" },
  { value: "reference:asc", label: "Referencia" },
  { value: "price:asc", label: "Precio: menor a mayor" },
  { value: "price:desc", label: "Precio: mayor a menor" },
  { value: "stock:desc", label: "Más stock" },
  { value: "stock:asc", label: "Menos stock" },
  { value: "updated:desc", label: "Editados recientemente" },
];

type Filters = Required<Pick<CatalogueFilters, "q" | "category" | "active" | "stock" | "scan" | "brand">> & {
  sort: string;
  page: number;
};
const INITIAL: Filters = {
  q: "",
  category: "",
  active: "all",
  stock: "",
  scan: "",
  brand: "",
  sort: "brand:asc",
  page: 1,
};

function ProductRow({ product, onOpen }: { product: CatalogueItem; onOpen: () => void }) {
  const single = product.stock.single_feet;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="catalogue-row"
        className="flex w-full items-center gap-3 rounded-lg border border-stone-200 bg-white p-2 text-left hover:border-orange-300 hover:bg-orange-50/40"
      >
        <ProductImage src={product.image_url} alt="" className="size-14 shrink-0 rounded-md" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-stone-900">{productName(product)}</span>
          <span className="block truncate text-sm text-stone-600">{referenceWithColor(product)}</span>
          <span className="mt-1 flex flex-wrap gap-1">
            {!product.is_active && <Badge tone="neutral">Inactivo</Badge>}
            {product.published && <Badge tone="info">En la tienda</Badge>}
            {product.scan_references === 0 && <Badge tone="warning">Sin huellas</Badge>}
            {product.cost_price === null && <Badge tone="orange">Sin costo</Badge>}
          </span>
        </span>
        <span className="shrink-0 text-right text-sm">
          <span className="block font-semibold tabular-nums text-stone-900">{formatCOP(product.unit_price)}</span>
          <span className="block text-stone-600 tabular-nums">{countLabel(product.stock.pairs, "par", "pares")}</span>
          {single > 0 && (
            <span className="block text-xs text-stone-500">{countLabel(single, "pie suelto", "pies sueltos")}</span>
          )}
        </span>
      </button>
    </li>
  );
}

/**
 * Productos: the catalogue with search (reference, barcode, brand, model, colour), filters, order and
 * pages; a product opens its page. The boss reads it (`canEdit` off).
 */
export function ProductsSection({ canEdit = true }: { canEdit?: boolean }) {
  const [view, setView] = useState<(typeof STOCK_TABS)[number]["id"]>("catalogue");
  if (!canEdit) return <CatalogueView canEdit={false} />;
  return (
    <div className="space-y-4">
      <TabBar label="Catálogo y control de stock" current={view} onChange={setView} tabs={STOCK_TABS} />
      {view === "catalogue" && <CatalogueView canEdit />}
      {view === "adjustments" && <AdjustmentsReport />}
      {view === "overrides" && <PriceOverridesReport />}
    </div>
  );
}

function CatalogueView({ canEdit }: { canEdit: boolean }) {
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState<number | null>(null);
  const [sort, order] = filters.sort.split(":");
  const query: CatalogueFilters = {
    q: filters.q,
    category: filters.category,
    active: filters.active,
    stock: filters.stock,
    scan: filters.scan,
    brand: filters.brand,
    sort,
    order,
    page: String(filters.page),
    page_size: String(PAGE_SIZE),
  };
  const live = useRemoteData({
    area: "admin",
    name: `catalogue:${JSON.stringify(query)}`,
    schema: CataloguePageSchema,
    load: (signal) => fetchCatalogue(query, signal),
  });
  const change = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  return (
    <div className="space-y-4">
      {canEdit && <CatalogueCsvActions />}
      <form
        aria-label="Buscar productos"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          change({ q: typed.trim() });
        }}
      >
        <div className="sm:col-span-2">
          <TextField
            label="Buscar"
            value={typed}
            onChange={setTyped}
            onBlur={() => change({ q: typed.trim() })}
            placeholder="Referencia, código de barras, marca, modelo o color"
            type="search"
            enterKeyHint="search"
          />
        </div>
        <SelectField
          label="Categoría"
          value={filters.category}
          onChange={(category) => change({ category })}
          options={[{ value: "", label: "Todas" }, ...CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))]}
        />
        <SelectField
          label="Marca"
          value={filters.brand}
          onChange={(brand) => change({ brand })}
          options={[{ value: "", label: "Todas" }, ...(live.data?.brands ?? []).map((b) => ({ value: b, label: b }))]}
        />
        <SelectField
          label="Estado"
          value={filters.active}
          onChange={(active) => change({ active })}
          options={ACTIVE_OPTIONS}
        />
        <SelectField
          label="Stock"
          value={filters.stock}
          onChange={(stock) => change({ stock })}
          options={STOCK_OPTIONS}
        />
        <SelectField
          label="Huellas de escaneo"
          value={filters.scan}
          onChange={(scan) => change({ scan })}
          options={SCAN_OPTIONS}
        />
        <SelectField
          label="Ordenar por"
          value={filters.sort}
          onChange={(s) => change({ sort: s })}
          options={SORT_OPTIONS}
        />
      </form>
      <DataState live={live} loadingLabel="Cargando productos...">
        {(page) => {
          const first = (page.page - 1) * page.page_size + 1;
          const last = first + page.products.length - 1;
          const pages = Math.max(1, Math.ceil(page.total / page.page_size));
          return (
            <>
              <p className="text-sm text-stone-600" aria-live="polite">
                {page.total === 0
                  ? "Ningún producto coincide con la búsqueda"
                  : `Mostrando ${first}–${last} de ${countLabel(page.total, "producto", "productos")}`}
              </p>
              {page.products.length === 0 ? (
                <EmptyState text="Sin resultados" detail="Prueba con otra búsqueda o quita filtros." />
              ) : (
                <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
                  {page.products.map((p) => (
                    <ProductRow key={p.id} product={p} onOpen={() => setOpen(p.id)} />
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <nav aria-label="Páginas" className="flex items-center justify-between gap-2">
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={page.page <= 1}
                    onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
                  >
                    Anterior
                  </button>
                  <span className="text-sm text-stone-600">
                    Página {page.page} de {pages}
                  </span>
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={page.page >= pages}
                    onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
                  >
                    Siguiente
                  </button>
                </nav>
              )}
            </>
          );
        }}
      </DataState>
      {open !== null && <ProductDetailModal productId={open} canEdit={canEdit} onClose={() => setOpen(null)} />}
    </div>
  );
}
