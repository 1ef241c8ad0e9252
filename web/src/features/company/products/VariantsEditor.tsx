import { useState } from "react";
import type { ProductDetail, VariantInput } from "../../../api/catalogue";
import { countLabel } from "../../../lib/format";
import { sheetUrl } from "../../../lib/labels/sheet";
import { failureText } from "../../../lib/query/useRemoteData";
import { accentButton } from "../../../lib/ui/classes";
import { TextField } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { useSaveVariants } from "./mutations";

type Row = { size: string; barcode: string; sku: string };

/**
 * Códigos: the barcode printed on each size's box (EAN-13, UPC-A or Code 128) and an optional SKU, unique
 * in the company. Typed or read by a hand scanner (which types the code and Enter).
 */
export function VariantsEditor({ detail, onSaved }: { detail: ProductDetail; onSaved: (message: string) => void }) {
  const initial: Row[] = detail.sizes.map((s) => ({ size: s.size, barcode: s.barcode ?? "", sku: s.sku ?? "" }));
  const [rows, setRows] = useState<Row[]>(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const saving = useSaveVariants();
  const edit = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function save() {
    const changed: VariantInput[] = rows
      .filter((r, i) => r.barcode.trim() !== initial[i]?.barcode || r.sku.trim() !== initial[i]?.sku)
      .map((r) => ({ size: r.size, barcode: r.barcode.trim() || null, sku: r.sku.trim() || null }));
    if (changed.length === 0) {
      setFailure("No hay cambios para guardar");
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await saving.mutateAsync({ id: detail.product.id, variants: changed });
      onSaved(`Códigos guardados (${countLabel(changed.length, "talla", "tallas")})`);
    } catch (error) {
      setFailure(failureText("Error al guardar los códigos", error));
    } finally {
      setBusy(false);
    }
  }

  if (rows.length === 0) return <p className="text-sm text-stone-500">El producto no tiene tallas todavía.</p>;
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li
            key={row.size}
            className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-end gap-2 sm:grid-cols-[3.5rem_minmax(0,2fr)_minmax(0,1fr)]"
          >
            <span className="pb-2.5 font-semibold text-stone-900">T. {row.size}</span>
            <TextField
              label={`Código de barras talla ${row.size}`}
              value={row.barcode}
              onChange={(barcode) => edit(i, { barcode })}
              inputMode="text"
              autoComplete="off"
              placeholder="EAN-13, UPC-A o Code 128"
            />
            <TextField
              label={`SKU talla ${row.size}`}
              className="col-start-2 sm:col-start-auto"
              value={row.sku}
              onChange={(sku) => edit(i, { sku })}
              autoComplete="off"
            />
          </li>
        ))}
      </ul>
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <a
          href={sheetUrl(
            rows.map((r) => ({ product_id: detail.product.id, size: r.size, copies: 1 })),
            `Etiquetas ${detail.product.reference_code}`,
          )}
          className="text-sm font-semibold text-orange-700 underline"
          title="Las tallas sin código reciben un EAN-13 interno"
        >
          Imprimir etiquetas
        </a>
        <button type="submit" className={accentButton} disabled={busy}>
          {busy ? "Guardando..." : "Guardar códigos"}
        </button>
      </div>
    </form>
  );
}
