import { useEffect, useRef, useState } from "react";
import { plural, pluralWord } from "../../../../../shared/plural";
import type { MissingReferences, ScanEnrolment } from "../../../api/admin-schemas";
import { fetchScanEnrolment } from "../../../api/inventory-entry";
import { fetchFileBlob } from "../../../api/seller";
import { countLabel, productName } from "../../../lib/format";
import { accentButton, mutedText } from "../../../lib/ui/classes";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { enrolProduct, referenceEmbeddings } from "../../../ml/enrol";
import { DEFAULT_MODEL_ID } from "../../../ml/models";

export const NO_MEDIA = "sin foto ni video";
export const MODEL_FAILED = "No se pudo cargar el modelo de reconocimiento";
export const NO_WORKER = "Este navegador no puede calcular huellas visuales (no admite Web Workers).";

type Load = { status: "loading" } | { status: "error"; detail: string } | { status: "ready"; data: ScanEnrolment };
/** `current` is null while the recognition model loads, before the first product. */
type Progress = { done: number; total: number; current: string | null };
type Failure = { product: MissingReferences; reason: string };
type Outcome = { stored: number; total: number; failures: Failure[] };

const hasMedia = (p: MissingReferences) => p.image_url !== null || p.video_url !== null;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : "error desconocido");

/** The product's photo and video (each null when it has none or its download failed) and what failed. */
async function downloadMedia(product: MissingReferences) {
  const failed: string[] = [];
  const get = async (path: string | null, what: string) => {
    if (!path) return null;
    try {
      return await fetchFileBlob(path);
    } catch (error) {
      failed.push(`${what} (${messageOf(error)})`);
      return null;
    }
  };
  const photo = await get(product.image_url, "la foto");
  const video = await get(product.video_url, "el video");
  return { photo, video, failed };
}

/** Computes and stores one product's references; the reason when it could not. */
async function enrolOne(product: MissingReferences): Promise<string | null> {
  const { photo, video, failed } = await downloadMedia(product);
  if (!photo && !video) return `no se pudo descargar ${failed.join(" ni ")}`;
  const references = await referenceEmbeddings(photo, video);
  if (!references) {
    const what = photo && video ? "la foto ni del video" : photo ? "la foto" : "el video";
    return `no se pudieron calcular huellas de ${what}`;
  }
  try {
    await enrolProduct(product.product_id, references);
    return null;
  } catch (error) {
    return `no se guardaron las huellas: ${messageOf(error)}`;
  }
}

type Props = {
  /** Changes when the inventory entry registered or enrolled a product: the status is read again. */
  refreshKey?: number;
};

/**
 * Huellas del escáner: which active products have no reference embeddings for the scan's current
 * model id (they are invisible to the scanner, e.g. after the model changed) and a button that
 * computes them in this browser one product at a time from the stored photo and video. A reload
 * resumes by listing what is still missing.
 */
export function ScanEnrolmentPanel({ refreshKey = 0 }: Props) {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and attempt are the triggers.
  useEffect(() => {
    const controller = new AbortController();
    fetchScanEnrolment(DEFAULT_MODEL_ID, controller.signal).then(
      (data) => setLoad({ status: "ready", data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: "error", detail: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [refreshKey, attempt]);

  const running = progress !== null;

  async function generate(missing: MissingReferences[]) {
    setOutcome(null);
    setRunError(null);
    if (typeof Worker === "undefined") return setRunError(NO_WORKER);
    const enrollable = missing.filter(hasMedia);
    if (enrollable.length > 0) {
      // the model is loaded first: when it cannot load, say why once instead of failing every product
      setProgress({ done: 0, total: enrollable.length, current: null });
      try {
        const { scanClient } = await import("../../../ml/client");
        await scanClient().init();
      } catch (error) {
        if (!alive.current) return;
        setProgress(null);
        return setRunError(`${MODEL_FAILED}: ${messageOf(error)}`);
      }
    }
    const failures: Failure[] = [];
    let stored = 0;
    for (const [index, product] of enrollable.entries()) {
      if (!alive.current) return;
      setProgress({ done: index, total: enrollable.length, current: productName(product) });
      let reason: string | null;
      try {
        reason = await enrolOne(product);
      } catch (error) {
        reason = messageOf(error);
      }
      if (reason === null) stored++;
      else failures.push({ product, reason });
    }
    if (!alive.current) return;
    for (const product of missing) if (!hasMedia(product)) failures.push({ product, reason: NO_MEDIA });
    setProgress(null);
    setOutcome({ stored, total: missing.length, failures });
    setAttempt((n) => n + 1);
  }

  return (
    <Panel title="Huellas del escáner">
      <div className="space-y-3 text-sm text-stone-700">
        {load.status === "loading" && (
          <p role="status" className="text-stone-500">
            Consultando huellas visuales...
          </p>
        )}
        {load.status === "error" && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-red-700">No se pudo consultar las huellas del escáner: {load.detail}</p>
            <SmallButton onClick={() => setAttempt((n) => n + 1)}>Reintentar</SmallButton>
          </div>
        )}
        {load.status === "ready" && (
          <Status data={load.data} running={running} onGenerate={() => void generate(load.data.missing)} />
        )}
        {progress && <RunProgress progress={progress} />}
        {runError && (
          <Notice tone="error" onClose={() => setRunError(null)}>
            {runError}
          </Notice>
        )}
        {outcome && <Summary outcome={outcome} onClose={() => setOutcome(null)} />}
      </div>
    </Panel>
  );
}

function Status({ data, running, onGenerate }: { data: ScanEnrolment; running: boolean; onGenerate: () => void }) {
  const model = <span className="break-all font-mono text-xs text-stone-600">{data.model_id}</span>;
  if (data.missing.length === 0) {
    return (
      <p data-testid="enrolment-status">
        {data.total_products === 0
          ? "Aún no hay productos activos."
          : "Todos los productos tienen huellas para el modelo actual"}{" "}
        ({model})
      </p>
    );
  }
  const count = data.missing.length;
  const blocked = data.missing.filter((p) => !hasMedia(p));
  const older = data.missing.filter((p) => p.references_other_models.length > 0).length;
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p data-testid="enrolment-status">
            <strong className="text-stone-900">
              {count} de {data.total_products}
            </strong>{" "}
            {pluralWord(data.total_products, "producto", "productos")} {pluralWord(count, "no tiene", "no tienen")}{" "}
            huellas visuales para el modelo actual ({model}); el escáner no {pluralWord(count, "lo", "los")} reconoce
            por foto.
          </p>
          <p className="text-stone-500">
            Mientras tanto se {pluralWord(count, "encuentra", "encuentran")} por búsqueda (referencia, marca, modelo o
            color) y por el código de barras de la caja.
          </p>
          {older > 0 && (
            <p className="text-stone-500">{plural(older, "tiene", "tienen")} huellas de un modelo anterior.</p>
          )}
        </div>
        <button
          type="button"
          className={`${accentButton} shrink-0`}
          disabled={running || blocked.length === count}
          onClick={onGenerate}
        >
          {running ? "Generando..." : "Generar huellas"}
        </button>
      </div>
      {blocked.length > 0 && (
        <p className="text-amber-800" data-testid="not-enrollable">
          Sin foto ni video, no se pueden generar:{" "}
          {blocked.map((p) => `${productName(p)} (${p.reference_code})`).join(", ")}
        </p>
      )}
      <details className="text-stone-600">
        <summary className="cursor-pointer select-none font-medium">Ver productos pendientes ({count})</summary>
        <ul className="mt-2 max-h-48 space-y-0.5 overflow-y-auto">
          {data.missing.map((p) => (
            <li key={p.product_id}>
              {productName(p)}
              {p.color ? ` · ${p.color}` : ""} <span className={mutedText}>{p.reference_code}</span>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

function RunProgress({ progress }: { progress: Progress }) {
  const label =
    progress.current === null
      ? "Cargando el modelo de reconocimiento..."
      : `Generando huellas: ${progress.done + 1} de ${progress.total} · ${progress.current}`;
  const percent = Math.round((progress.done / Math.max(1, progress.total)) * 100);
  return (
    <div className="space-y-1">
      <p role="status" className="font-medium text-stone-800">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Huellas generadas"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-orange-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Summary({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { stored, total, failures } = outcome;
  return (
    <Notice tone={failures.length === 0 ? "success" : "warning"} onClose={onClose}>
      <p>
        Huellas guardadas para {stored} de {countLabel(total, "producto", "productos")}.
      </p>
      {failures.length > 0 && (
        <>
          <p className="mt-1">No se generaron:</p>
          <ul className="list-disc pl-5">
            {failures.map(({ product, reason }) => (
              <li key={product.product_id}>
                {productName(product)} ({product.reference_code}): {reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}
