import { useId, useState } from "react";
import { isSingular } from "../../../../../shared/plural";
import { type CountDetail, fetchCount } from "../../../api/counts";
import { storedCopyOf } from "../../../api/stored";
import { countLabel } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { sheetUrl } from "../../../lib/labels/sheet";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { BarcodeScanButton } from "../../../lib/ui/BarcodeScanButton";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { accentButton, cardClass, dangerButton, dangerSmallButton, linkButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { type FieldErrors, NumberField, TextField, useForm } from "../../../lib/ui/form";
import { Meter } from "../../../lib/ui/Meter";
import { Notice } from "../../../lib/ui/Notice";
import { TabBar } from "../../../lib/ui/TabBar";
import { KIND_SHORT, KINDS, qtyText, STATUS_LABEL, STATUS_TONE } from "./labels";
import { useDeleteCountLine, useFinishCount, useSaveCountLine } from "./mutations";
import { VarianceReport } from "./VarianceReport";

const CountSchema = storedCopyOf<CountDetail>("count", "lines");

type LineValues = { code: string; size: string; pairs: string; left: string; right: string; exhibition: string };
const EMPTY_LINE: LineValues = { code: "", size: "", pairs: "1", left: "0", right: "0", exhibition: "0" };

function validateLine(v: LineValues): FieldErrors<LineValues> {
  const errors: FieldErrors<LineValues> = {};
  if (!v.code.trim()) errors.code = "Escribe o escanea la referencia o el código de barras";
  for (const kind of KINDS) {
    const n = Number(v[kind] || "0");
    if (!Number.isInteger(n)) errors[kind] = "Número entero";
    else if (n < 0) errors[kind] = "No puede ser negativo";
  }
  return errors;
}

/** What was typed or scanned: a code (Enter submits, as hand scanners send it), a size and units per kind. */
function LineForm({ countId, onSaved }: { countId: number; onSaved: (message: string) => void }) {
  const id = useId();
  const idempotency = useIdempotencyKeys();
  const save = useSaveCountLine(countId);
  const form = useForm<LineValues>({
    initial: EMPTY_LINE,
    validate: validateLine,
    failurePrefix: "Error al registrar la línea",
    submit: async (v) => {
      const line = {
        code: v.code.trim(),
        size: v.size.trim() || null,
        pairs: Number(v.pairs || "0"),
        left: Number(v.left || "0"),
        right: Number(v.right || "0"),
        exhibition: Number(v.exhibition || "0"),
      };
      const answer = await idempotency.send(line, (key) => save.mutateAsync({ line, key }));
      form.setValues(EMPTY_LINE);
      form.setBusy(false);
      // the next box is scanned into the code field at once
      document.getElementById(`${id}-code`)?.focus();
      onSaved(`${answer.line.reference_code} talla ${answer.line.size}: ${qtyText(answer.line.counted)}`);
    },
  });
  const { values, errors, set, bind } = form;
  return (
    <form aria-label="Registrar línea" onSubmit={form.onSubmit} className={`${cardClass} space-y-3`} noValidate>
      <TextField
        id={`${id}-code`}
        label="Referencia o código de barras"
        {...bind("code")}
        autoFocus
        autoComplete="off"
        enterKeyHint="done"
        placeholder="Escanea o escribe"
      />
      <BarcodeScanButton
        label="Escanear con la cámara"
        onRead={(code) => {
          set("code", code);
          // the code names the size: the count of the box is what is left to type
          document.getElementById(`${id}-pairs`)?.focus();
        }}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <TextField
          id={`${id}-size`}
          label="Talla"
          hint="El código de barras ya la dice"
          {...bind("size")}
          inputMode="decimal"
        />
        {KINDS.map((kind) => (
          <NumberField
            key={kind}
            id={`${id}-${kind}`}
            label={KIND_SHORT[kind]}
            value={values[kind]}
            error={errors[kind]}
            onChange={(v) => set(kind, v)}
          />
        ))}
      </div>
      {form.failure && <Notice tone="error">{form.failure}</Notice>}
      <button type="submit" className={`${accentButton} w-full sm:w-auto`} disabled={form.busy}>
        {form.busy ? "Guardando..." : "Guardar línea"}
      </button>
    </form>
  );
}

type Confirm = "post" | "cancel" | null;

/** One count: the line entry (mobile first), the counted lines with progress, the variances, apply or cancel. */
export function CountScreen({ countId, canWrite, onBack }: { countId: number; canWrite: boolean; onBack: () => void }) {
  const [view, setView] = useState<"lines" | "variances">("lines");
  const [message, setMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const keys = useIdempotencyKeys();
  const finish = useFinishCount(countId);
  const removal = useDeleteCountLine(countId);
  const live = useRemoteData({
    area: "admin",
    name: `count:${countId}`,
    schema: CountSchema,
    load: (signal) => fetchCount(countId, signal),
  });

  function closeConfirm() {
    setConfirm(null);
    setFailure(null);
  }

  async function act(kind: "post" | "cancel") {
    setBusy(true);
    setFailure(null);
    const data = { count: countId, kind };
    try {
      await keys.send(data, (key) => finish.mutateAsync({ kind, key }));
      setConfirm(null);
      setMessage(kind === "post" ? "Conteo aplicado: las diferencias quedaron como ajustes" : "Conteo cancelado");
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function removeLine(lineId: number) {
    try {
      await removal.mutateAsync(lineId);
    } catch (err) {
      setMessage(`Error al quitar la línea: ${errorMessage(err)}`);
    }
  }

  return (
    <div className="space-y-4">
      <button type="button" className={linkButton} onClick={onBack}>
        ← Volver a los conteos
      </button>
      <DataState live={live} loadingLabel="Cargando conteo...">
        {({ count, lines, expected_visible }) => {
          const open = count.status === "open";
          return (
            <>
              <header className="space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-semibold text-stone-900">
                    {count.number} · {count.location_name}
                  </h2>
                  <Badge tone={STATUS_TONE[count.status]}>{STATUS_LABEL[count.status]}</Badge>
                  {count.blind && <Badge tone="violet">Ciego</Badge>}
                  {count.filter_brand && <Badge tone="sky">Solo {count.filter_brand}</Badge>}
                </div>
                <p className="text-sm text-stone-600" data-testid="count-progress">
                  {count.progress.counted} de {countLabel(count.progress.total, "talla contada", "tallas contadas")} (
                  {count.progress.percent} %)
                </p>
                <Meter
                  label="Avance del conteo"
                  value={count.progress.percent}
                  className="h-2 w-full rounded-full bg-stone-100"
                  fill="bg-orange-500"
                />
              </header>
              {message && (
                <Notice tone={message.startsWith("Error") ? "error" : "success"} onClose={() => setMessage(null)}>
                  {message}
                </Notice>
              )}
              {open && canWrite && (
                <LineForm countId={countId} onSaved={(text) => setMessage(`Línea registrada: ${text}`)} />
              )}
              {canWrite && lines.some((l) => l.counted.pairs > 0) && (
                <a
                  className="inline-block text-sm font-semibold text-orange-700 underline"
                  href={sheetUrl(
                    lines
                      .filter((l) => l.counted.pairs > 0)
                      .map((l) => ({ product_id: l.product_id, size: l.size, copies: l.counted.pairs })),
                    `Etiquetas del conteo #${countId}`,
                  )}
                >
                  Imprimir etiquetas de caja de lo contado
                </a>
              )}
              <TabBar
                tabs={[
                  { id: "lines", label: "Líneas", count: lines.length },
                  { id: "variances", label: "Diferencias" },
                ]}
                current={view}
                onChange={setView}
                label="Vista del conteo"
              />
              {view === "lines" &&
                (lines.length === 0 ? (
                  <EmptyState text="Todavía no hay líneas contadas" />
                ) : (
                  <ul className="space-y-2" aria-label="Líneas contadas">
                    {lines.map((line) => (
                      <li
                        key={line.id}
                        data-testid="count-line"
                        className="flex items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3"
                      >
                        <span className="min-w-0">
                          <span className="block font-semibold text-stone-900">
                            {line.reference_code} · talla {line.size}
                          </span>
                          <span className="block truncate text-sm text-stone-600">{line.product_name}</span>
                          <span className="block text-sm">
                            Contado: {qtyText(line.counted)}
                            {expected_visible && line.expected ? ` · Esperado: ${qtyText(line.expected)}` : ""}
                          </span>
                        </span>
                        {open && canWrite && (
                          <button
                            type="button"
                            className={dangerSmallButton}
                            aria-label={`Quitar ${line.reference_code} talla ${line.size}`}
                            onClick={() => removeLine(line.id)}
                          >
                            Quitar
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                ))}
              {view === "variances" && <VarianceReport key={`${count.status}-${lines.length}`} countId={countId} />}
              {open && canWrite && (
                <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                  <button type="button" className={dangerButton} onClick={() => setConfirm("cancel")}>
                    Cancelar conteo
                  </button>
                  <button
                    type="button"
                    className={accentButton}
                    onClick={() => setConfirm("post")}
                    disabled={lines.length === 0}
                  >
                    Aplicar conteo
                  </button>
                </div>
              )}
              {confirm && (
                <ConfirmDialog
                  {...(confirm === "post"
                    ? {
                        title: "Aplicar conteo",
                        message: `${isSingular(lines.length) ? "La diferencia de la línea se registrará como ajuste" : `Las diferencias de las ${countLabel(lines.length, "línea", "líneas")} se registrarán como ajustes`} de inventario en ${count.location_name}. No se puede deshacer.`,
                        confirmLabel: "Aplicar conteo",
                        tone: "accent" as const,
                      }
                    : {
                        title: "Cancelar conteo",
                        message: "El conteo se cerrará sin cambiar el inventario.",
                        confirmLabel: "Cancelar conteo",
                        cancelLabel: "Volver",
                      })}
                  busy={busy}
                  error={failure}
                  onConfirm={() => act(confirm)}
                  onCancel={closeConfirm}
                />
              )}
            </>
          );
        }}
      </DataState>
      {!canWrite && <p className="text-sm text-stone-500">Solo lectura.</p>}
    </div>
  );
}
