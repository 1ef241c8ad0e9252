import { useState } from "react";
import {
  CATEGORY_LABELS,
  type Category,
  GENDER_LABELS,
  type Gender,
  TAX_CLASS_LABELS,
  type TaxClass,
} from "../../../../../shared/constants";
import { exportCatalogueCsv, type ImportPlan, type ImportPlanRow, readCsvFile } from "../../../api/catalogue";
import { countLabel, formatCOP } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { accentButton, mutedText, secondaryButton } from "../../../lib/ui/classes";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { downloadBlob } from "../csv";
import { useApplyCatalogueImport, useCatalogueDryRun } from "./mutations";

/** The API's 1 MB body: a bigger file is refused before it is sent. */
const MAX_FILE_BYTES = 1_000_000;
/** Rows of the plan drawn at once (the counts cover them all). */
const SHOWN_ROWS = 200;

type Field = ImportPlanRow["changes"][number]["field"];
type Value = ImportPlanRow["changes"][number]["from"];

const FIELD_LABELS: Record<Field, string> = {
  reference: "Referencia",
  brand: "Marca",
  model: "Modelo",
  color: "Color",
  category: "Categoría",
  gender: "Género",
  size: "Talla",
  barcode: "Código de barras",
  sku: "SKU",
  unit_price: "Precio",
  box_price: "Precio caja",
  cost_price: "Costo",
  tax_class: "IVA",
  active: "Activo",
};

function shown(field: Field, value: Value): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") return field === "size" ? String(value) : formatCOP(value);
  if (field === "category") return CATEGORY_LABELS[value as Category] ?? value;
  if (field === "gender") return GENDER_LABELS[value as Gender] ?? value;
  if (field === "tax_class") return TAX_CLASS_LABELS[value as TaxClass] ?? value;
  return value;
}

const ACTION: Record<ImportPlanRow["action"], { label: string; tone: "success" | "info" | "neutral" | "error" }> = {
  create: { label: "Nuevo", tone: "success" },
  update: { label: "Cambia", tone: "info" },
  unchanged: { label: "Sin cambios", tone: "neutral" },
  error: { label: "Error", tone: "error" },
};

/** The counts that are not zero ("1 producto nuevo · 2 tallas nuevas"), or that nothing changes. */
function summaryText(s: ImportPlan["summary"]): string {
  const parts = [
    [s.products_created, "producto nuevo", "productos nuevos"],
    [s.products_updated, "producto actualizado", "productos actualizados"],
    [s.products_unchanged, "producto sin cambios", "productos sin cambios"],
    [s.sizes_created, "talla nueva", "tallas nuevas"],
    [s.sizes_updated, "talla con códigos nuevos", "tallas con códigos nuevos"],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => countLabel(n, one, many));
  return said.length > 0 ? said.join(" · ") : "Ningún cambio";
}

/** The rows to fix first, then the changes, each in the file's order. */
const errorsFirst = (rows: readonly ImportPlanRow[]) =>
  [...rows].sort((a, b) => Number(b.action === "error") - Number(a.action === "error") || a.row - b.row);

function PlanRowItem({ row }: { row: ImportPlanRow }) {
  const action = ACTION[row.action];
  // a new size's talla is in the row's title already
  const changes = row.changes.filter((c) => c.field !== "size");
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-3 text-sm" data-testid="import-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium text-stone-900">
          Fila {row.row} · {row.reference_code || "sin referencia"}
          {row.size ? ` · talla ${row.size}` : ""}
        </span>
        <Badge tone={action.tone}>{action.label}</Badge>
      </div>
      {row.errors.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-red-700">
          {row.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {changes.length > 0 && (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-stone-700">
          {changes.map((c) => (
            <div key={c.field} className="contents">
              <dt className="text-stone-500">{FIELD_LABELS[c.field]}</dt>
              <dd className="min-w-0 break-words">
                {row.action === "create" ? (
                  shown(c.field, c.to)
                ) : (
                  <>
                    <span className="text-stone-500 line-through">{shown(c.field, c.from)}</span> →{" "}
                    <span className="font-medium text-stone-900">{shown(c.field, c.to)}</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** Choose a file → what it would change (dry run) → 'Aplicar importación' when it has no errors. */
function ImportDialog({ onClose }: { onClose: () => void }) {
  const dryRun = useCatalogueDryRun();
  const apply = useApplyCatalogueImport();
  const [file, setFile] = useState<{ name: string; csv: string; key: string } | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function choose(chosen: File | undefined) {
    setPlan(null);
    setDone(null);
    setProblem(null);
    setFile(null);
    apply.reset();
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setProblem("El archivo supera 1 MB; divídelo en varios archivos.");
      return;
    }
    const csv = await readCsvFile(chosen);
    // one key per chosen file: a second click or a retry answers the first result
    setFile({ name: chosen.name, csv, key: crypto.randomUUID() });
    dryRun.mutate(csv, {
      onSuccess: setPlan,
      onError: (err) => setProblem(err.message),
    });
  }

  function applyFile() {
    if (!file) return;
    apply.mutate(
      { csv: file.csv, key: file.key },
      {
        onSuccess: (answer) => {
          setDone(`Importación aplicada: ${summaryText(answer.summary)}.`);
          setPlan(null);
        },
        onError: (err) => setProblem(err.message),
      },
    );
  }

  const changes = plan
    ? plan.summary.products_created +
      plan.summary.products_updated +
      plan.summary.sizes_created +
      plan.summary.sizes_updated
    : 0;
  const canApply = plan?.can_apply === true && changes > 0 && !apply.isPending;
  const fileErrors = plan?.errors.filter((e) => e.row === 0) ?? [];
  const rowsWithErrors = plan?.rows.filter((r) => r.action === "error").length ?? 0;

  return (
    <Modal
      title="Importar catálogo (CSV)"
      onClose={onClose}
      wide
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {done ? "Cerrar" : "Cancelar"}
          </button>
          {!done && (
            <button type="button" className={accentButton} disabled={!canApply} onClick={applyFile}>
              {apply.isPending ? "Aplicando..." : "Aplicar importación"}
            </button>
          )}
        </div>
      }
    >
      <div className="space-y-4">
        <p className={`text-sm ${mutedText}`}>
          Una fila por producto y talla, con las columnas de «Exportar CSV»: referencia, marca, modelo, color,
          categoría, género, talla, código de barras, SKU, precio, precio caja y costo en pesos enteros (sin centavos),
          IVA y activo. Separador ; o ,. Primero verás qué cambiaría; nada cambia hasta aplicar.
        </p>
        <label className="flex flex-wrap items-center gap-3">
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="Archivo CSV"
            className="peer sr-only"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              // the same file chosen again (fixed in Excel and saved) is read again
              e.target.value = "";
            }}
          />
          <span
            className={`${secondaryButton} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-orange-500`}
          >
            {file ? "Elegir otro archivo" : "Elegir archivo CSV"}
          </span>
          <span className={`min-w-0 break-all text-sm ${mutedText}`}>{file?.name ?? "Ningún archivo elegido"}</span>
        </label>
        {dryRun.isPending && <p className={`text-sm ${mutedText}`}>Revisando {file?.name}...</p>}
        {problem && <Notice tone="error">{problem}</Notice>}
        {done && <Notice tone="success">{done}</Notice>}
        {plan && (
          <div className="space-y-3" data-testid="import-plan">
            <p className="text-sm text-stone-800">{summaryText(plan.summary)}</p>
            {plan.errors.length > 0 ? (
              <Notice tone="error">
                {`El archivo tiene ${countLabel(plan.errors.length, "error", "errores")}${rowsWithErrors > 0 ? ` en ${countLabel(rowsWithErrors, "fila", "filas")}` : ""}: corrígelo y vuelve a elegirlo. Nada se aplicará mientras tenga errores.`}
                {fileErrors.length > 0 && (
                  <ul className="mt-1 list-disc pl-5">
                    {fileErrors.map((e) => (
                      <li key={e.message}>{e.message}</li>
                    ))}
                  </ul>
                )}
              </Notice>
            ) : changes === 0 ? (
              <Notice tone="info">El archivo no cambia nada del catálogo.</Notice>
            ) : (
              <Notice tone="info">Sin errores: revisa los cambios y aplica la importación.</Notice>
            )}
            {plan.rows.length > 0 && (
              <ul className="max-h-[50dvh] space-y-2 overflow-y-auto pr-1" aria-label="Cambios por fila">
                {errorsFirst(plan.rows)
                  .slice(0, SHOWN_ROWS)
                  .map((row) => (
                    <PlanRowItem key={row.row} row={row} />
                  ))}
              </ul>
            )}
            {plan.rows.length > SHOWN_ROWS && (
              <p className={`text-sm ${mutedText}`}>
                y {countLabel(plan.rows.length - SHOWN_ROWS, "fila más", "filas más")} con cambios o errores.
              </p>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}

/** 'Exportar CSV' and 'Importar CSV' of the administrador's catalogue. */
export function CatalogueCsvActions() {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    setExporting(true);
    setProblem(null);
    try {
      const { blob, fileName } = await exportCatalogueCsv();
      downloadBlob(fileName, blob);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "No se pudo exportar el catálogo");
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void download()} disabled={exporting}>
          {exporting ? "Exportando..." : "Exportar CSV"}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setImporting(true)}>
          Importar CSV
        </button>
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </div>
  );
}
