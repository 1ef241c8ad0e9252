import { useState } from "react";
import { type LabelSheet, printLabels } from "../../api/catalogue";
import { countLabel, formatCOP, productName, referenceWithColor } from "../../lib/format";
import { newIdempotencyKey } from "../../lib/idempotency";
import type { SheetItem } from "../../lib/labels/sheet";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { accentButton, linkButton } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { ErrorState } from "../../lib/ui/ErrorState";
import { Spinner } from "../../lib/ui/Spinner";
import { BarcodeSvg } from "./BarcodeSvg";

type Label = LabelSheet["labels"][number];

function BoxLabel({ label }: { label: Label }) {
  return (
    <article
      className="flex h-[34mm] flex-col items-center justify-between overflow-hidden rounded border border-stone-300 bg-white p-1.5 text-center text-black break-inside-avoid print:rounded-none print:border-dashed"
      data-testid="box-label"
    >
      <div className="w-full">
        <p className="truncate text-[11px] font-bold leading-tight">{productName(label)}</p>
        <p className="truncate text-[10px] leading-tight">{referenceWithColor(label)}</p>
      </div>
      <BarcodeSvg code={label.barcode} height={36} />
      <p className="flex w-full justify-between px-1 text-[11px] font-semibold leading-tight">
        <span>Talla {label.size}</span>
        <span>{formatCOP(label.unit_price)}</span>
      </p>
    </article>
  );
}

/**
 * /etiquetas: box labels for a product, an entry or a count, three per row on A4. Opening the sheet
 * gives in-store codes to the sizes that lacked one (the answer is the same however often it opens).
 */
export function LabelSheetPage({ items, title }: { items: SheetItem[]; title: string | undefined }) {
  const [key] = useState(newIdempotencyKey);
  // the same sheet asked again answers the same codes: no need to ask while the app is open
  const query = useRemoteData({
    area: "admin",
    name: `labels:${JSON.stringify(items)}`,
    load: () => printLabels(items, key),
    freshForMs: Number.POSITIVE_INFINITY,
    enabled: items.length > 0,
  });
  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-md p-4">
        <EmptyState
          text="No hay tallas para imprimir"
          detail="Abre las etiquetas desde un producto, un ingreso o un conteo."
        />
      </div>
    );
  }
  if (query.error) {
    return (
      <div className="mx-auto max-w-md p-4">
        <ErrorState title="No se pudieron preparar las etiquetas" message={query.error} onRetry={query.reload} />
      </div>
    );
  }
  if (!query.data) return <Spinner label="Preparando etiquetas..." />;
  const copies = query.data.labels.flatMap((label) =>
    Array.from({ length: label.copies }, (_, n) => ({ label, id: `${label.product_id}-${label.size}-${n}` })),
  );
  return (
    <div className="min-h-dvh bg-stone-100 p-4 print:bg-white print:p-0">
      <header className="mx-auto mb-4 flex max-w-4xl flex-wrap items-center gap-3 print:hidden">
        <button type="button" className={linkButton} onClick={() => window.history.back()}>
          ← Volver
        </button>
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-bold text-stone-900">{title ?? "Etiquetas de caja"}</h1>
          <p className="text-sm text-stone-600" data-testid="labels-summary">
            {countLabel(copies.length, "etiqueta", "etiquetas")} ·{" "}
            {countLabel(query.data.labels.length, "talla", "tallas")}
            {query.data.assigned > 0
              ? ` · ${countLabel(query.data.assigned, "código interno nuevo", "códigos internos nuevos")}`
              : ""}
          </p>
        </div>
        <button type="button" className={accentButton} onClick={() => window.print()}>
          Imprimir
        </button>
      </header>
      <section
        aria-label="Etiquetas"
        className="mx-auto grid max-w-4xl grid-cols-2 gap-2 sm:grid-cols-3 print:max-w-none print:grid-cols-3 print:gap-0"
      >
        {copies.map(({ label, id }) => (
          <BoxLabel key={id} label={label} />
        ))}
      </section>
    </div>
  );
}
