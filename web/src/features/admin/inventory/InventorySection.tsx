import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  BOX_PRICE_INVALID,
  BRAND_REQUIRED,
  COST_ABOVE_PRICE,
  COST_PRICE_INVALID,
  MODEL_REQUIRED,
  VIDEO_TOO_LARGE,
} from "../../../../../shared/messages";
import type { InventoryEntryResult } from "../../../api/admin-schemas";
import { saveVariants } from "../../../api/catalogue";
import { ApiError } from "../../../api/http";
import {
  DIRECT_VIDEO_MAX_BYTES,
  type InventoryEntry,
  submitInventoryEntry,
  uploadLargeVideo,
  VIDEO_MAX_BYTES,
} from "../../../api/inventory-entry";
import { formatCOP } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { sheetUrl } from "../../../lib/labels/sheet";
import { errorMessage } from "../../../lib/query/useRemoteData";
import { accentButton, labelClass, secondaryButton } from "../../../lib/ui/classes";
import { FlashNotice } from "../../../lib/ui/Flash";
import { NumberField, TextAreaField, TextField } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { enrolProduct, type References, referenceEmbeddings } from "../../../ml/enrol";
import { LocationsError } from "../LocationsError";
import { useLocationOptions } from "../useLocationOptions";
import { CameraOverlay } from "./CameraOverlay";
import {
  buildDistribution,
  emptySizeRow,
  entryBarcodes,
  entryLabels,
  hasValidDistribution,
  INVALID_PRICE,
  NO_VIDEO,
  priceValue,
  type SizeRow,
  SUBMIT_LABEL,
  submitLabel,
} from "./distribution";
import { EntrySummary } from "./EntrySummary";
import { MediaSection } from "./MediaSection";
import { OrderPairs, type OrderRow, orderRows, orderRowsError, orderSizeRows } from "./OrderPairs";
import { type OrderPick, OrderSource, type Source } from "./OrderSource";
import { ScanEnrolmentPanel } from "./ScanEnrolmentPanel";
import { SizeRowEditor } from "./SizeRowEditor";
import { StatusDots } from "./StatusDots";
import { inventorySubmitError } from "./submitErrors";
import { UploadProgress } from "./UploadProgress";

const ORDER_SUBMIT = "Recibir pares de la orden con video";

type Phase = { kind: "idle" } | { kind: "uploading"; loaded: number; total: number } | { kind: "processing" };

/** Inventario: registers a product by video with its size distribution per location (spec §2.1, §3, §5). */
export function InventorySection() {
  const locations = useLocationOptions();
  const [brand, setBrand] = useState("");
  const [model, setModel] = useState("");
  const [unitPrice, setUnitPrice] = useState("");
  const [boxPrice, setBoxPrice] = useState("");
  const [costPrice, setCostPrice] = useState("");
  const [notes, setNotes] = useState("");
  const [referenceCode, setReferenceCode] = useState("");
  const [color, setColor] = useState("");
  const [rows, setRows] = useState<SizeRow[]>(() => [emptySizeRow()]);
  // 'Desde una orden de compra': the order's product, and the pairs of each pending size that arrived
  const [source, setSource] = useState<Source>("free");
  const [pick, setPick] = useState<OrderPick | null>(null);
  const [arrived, setArrived] = useState<OrderRow[]>([]);
  const [ordersChange, setOrdersChange] = useState(0);
  const [video, setVideo] = useState<File | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [camera, setCamera] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<InventoryEntryResult | null>(null);
  const [labelsHref, setLabelsHref] = useState<string | null>(null);
  const [codesNote, setCodesNote] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const idempotency = useIdempotencyKeys();
  // A large video already uploaded is not uploaded again when the entry is retried: the retry sends the
  // same entry (same stored video), so its Idempotency-Key is the same and it cannot register twice.
  const uploaded = useRef<{ video: File; key: string } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Scan references of the chosen photo and video, computed in the background (scan's Web Worker).
  const references = useRef<Promise<References | null> | null>(null);
  const [enrolNote, setEnrolNote] = useState<{ tone: "success" | "warning"; text: string } | null>(null);
  // bumped when a product was registered or enrolled: the scanner's enrolment status is read again
  const [catalogueChange, setCatalogueChange] = useState(0);

  useEffect(() => {
    references.current = photo || video ? referenceEmbeddings(photo, video).catch(() => null) : null;
  }, [photo, video]);

  /** After the entry: the product's references for the scanner (a failure leaves the entry as it is). */
  async function enrol(productId: number, pending: Promise<References | null>) {
    const refs = await pending;
    if (!refs) return;
    try {
      const saved = await enrolProduct(productId, refs);
      setEnrolNote({ tone: "success", text: `Huellas visuales para el escáner: ${saved.references_stored} guardadas` });
    } catch (err) {
      setEnrolNote({
        tone: "warning",
        text: `El producto se registró, pero no se guardaron sus huellas visuales para el escáner: ${err instanceof Error ? err.message : "error desconocido"}`,
      });
    } finally {
      setCatalogueChange((n) => n + 1);
    }
  }

  // The summary appears above the form while the admin is at the button: bring it into view.
  useEffect(() => {
    if (result) summaryRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [result]);

  const price = priceValue(unitPrice);
  const cost = costPrice.trim() === "" ? null : priceValue(costPrice);
  // said, not refused: a clearance may sell below cost, but a typo in the cost should be seen
  const costAbovePrice = cost !== null && price > 0 && cost > price;
  const label = submitLabel(price, video !== null);
  const busy = phase.kind !== "idle";
  // 'Desde una orden de compra' before a product of an order is chosen: nothing to fill yet
  const waitingForOrder = source === "order" && pick === null;

  function reset() {
    setBrand("");
    setModel("");
    setUnitPrice("");
    setBoxPrice("");
    setCostPrice("");
    setNotes("");
    setReferenceCode("");
    setColor("");
    setRows([emptySizeRow()]);
    setPick(null);
    setArrived([]);
    // Dropping the files releases their preview object URLs (useObjectUrl cleans up).
    setVideo(null);
    setPhoto(null);
  }

  /** The form fills from the order's product (its fields as the catalogue has them); a free entry starts empty. */
  function choosePick(next: OrderPick | null) {
    setPick(next);
    setArrived(next ? orderRows(next.lines) : []);
    setError(null);
    const p = next?.product;
    setBrand(p?.brand ?? "");
    setModel(p?.model ?? "");
    setUnitPrice(p ? String(p.unit_price) : "");
    setBoxPrice(p?.box_price != null ? String(p.box_price) : "");
    setCostPrice("");
    setReferenceCode(p?.reference_code ?? "");
    setColor(p?.color ?? "");
    setNotes("");
    if (!next) setRows([emptySizeRow()]);
  }

  function chooseVideo(file: File | null) {
    setError(file && file.size > VIDEO_MAX_BYTES ? VIDEO_TOO_LARGE : null);
    setVideo(file && file.size > VIDEO_MAX_BYTES ? null : file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    setEnrolNote(null);
    setCodesNote(null);
    if (!brand.trim()) return setError(BRAND_REQUIRED);
    if (!model.trim()) return setError(MODEL_REQUIRED);
    if (!(price > 0)) return setError(INVALID_PRICE);
    const box = boxPrice.trim() === "" ? null : priceValue(boxPrice);
    if (box !== null && box < 0) return setError(BOX_PRICE_INVALID);
    if (cost !== null && !(cost >= 0)) return setError(COST_PRICE_INVALID);
    const fromOrder = pick;
    if (fromOrder) {
      const wrong = orderRowsError(arrived);
      if (wrong) return setError(wrong);
    }
    const sent = fromOrder ? orderSizeRows(arrived, fromOrder.order.location_id) : rows;
    const distribution = buildDistribution(sent);
    if (!distribution.ok) return setError(distribution.error);
    if (!video) return setError(NO_VIDEO);
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    const progress = (loaded: number, total: number) =>
      setPhase(total > 0 && loaded >= total ? { kind: "processing" } : { kind: "uploading", loaded, total });
    setPhase({ kind: "uploading", loaded: 0, total: video.size });
    try {
      const large = video.size > DIRECT_VIDEO_MAX_BYTES;
      let videoKey: string | null = null;
      if (large) {
        videoKey =
          uploaded.current?.video === video
            ? uploaded.current.key
            : await uploadLargeVideo(video, progress, controller.signal);
        uploaded.current = { video, key: videoKey };
        setPhase({ kind: "processing" });
      }
      const entry: InventoryEntry = {
        product_brand: brand.trim(),
        product_model: model.trim(),
        unit_price: price,
        box_price: box,
        // an order's pairs cost what the order says: the average cost moves on its own
        cost_price: fromOrder ? null : cost,
        notes: notes.trim(),
        reference_code: referenceCode.trim(),
        color: color.trim(),
        sizes: distribution.sizes,
        video: large ? null : video,
        video_key: videoKey,
        photo,
        purchase_order_id: fromOrder?.order.id ?? null,
        product_id: fromOrder?.product.id ?? null,
      };
      const answer = await submitInventoryEntry(
        entry,
        idempotency.keyFor(entry),
        large ? undefined : progress,
        controller.signal,
      );
      idempotency.renew(entry);
      uploaded.current = null;
      setResult(answer);
      setLabelsHref(
        sheetUrl(
          entryLabels(sent).map((l) => ({ product_id: answer.product_id, ...l })),
          `Etiquetas ${answer.reference_code}`,
        ),
      );
      const codes = entryBarcodes(sent);
      if (codes.length > 0) {
        // the boxes' codes go on the product's sizes; a refused code is said, the entry stands
        saveVariants(answer.product_id, codes).then(
          () => setCodesNote({ tone: "success", text: `Códigos de caja registrados (${codes.length})` }),
          (err: unknown) => setCodesNote({ tone: "error", text: `Códigos de caja: ${errorMessage(err)}` }),
        );
      }
      setCatalogueChange((n) => n + 1);
      if (fromOrder) setOrdersChange((n) => n + 1);
      const pending = references.current;
      reset();
      if (pending) void enrol(answer.product_id, pending);
    } catch (err) {
      // The stored video is gone (404): the next try uploads it again.
      if (err instanceof ApiError && err.status === 404) uploaded.current = null;
      if (err instanceof DOMException && err.name === "AbortError") setError("Carga cancelada");
      else setError(inventorySubmitError(errorMessage(err)));
    } finally {
      abort.current = null;
      setPhase({ kind: "idle" });
    }
  }

  return (
    <div className="space-y-4">
      <div ref={summaryRef} className="scroll-mt-4">
        {result && (
          <EntrySummary result={result} onClose={() => setResult(null)} labelsHref={labelsHref ?? undefined} />
        )}
        {codesNote && (
          <div className="mt-2">
            <FlashNotice flash={codesNote} onClose={() => setCodesNote(null)} />
          </div>
        )}
        {enrolNote && (
          <div className="mt-2">
            <FlashNotice flash={enrolNote} onClose={() => setEnrolNote(null)} />
          </div>
        )}
      </div>
      <ScanEnrolmentPanel refreshKey={catalogueChange} />
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <OrderSource
          source={source}
          onSource={setSource}
          pick={pick}
          onPick={choosePick}
          refreshKey={ordersChange}
          disabled={busy}
        />
        {waitingForOrder && (
          <Notice tone="info">
            Elige la orden de compra y el producto que llegó: el formulario se llena con ellos.
          </Notice>
        )}
        {!waitingForOrder && (
          <Panel
            title="Registrar inventario con video"
            description={
              pick
                ? `Producto de la orden #${pick.order.id} de ${pick.order.supplier.name}: sus datos son los del catálogo.`
                : "El producto queda con su stock en cada ubicación."
            }
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Marca *" value={brand} onChange={setBrand} />
              <TextField label="Modelo *" value={model} onChange={setModel} />
              <NumberField label="Precio unitario *" step={100} value={unitPrice} onChange={setUnitPrice} />
              <NumberField label="Precio por caja" step={100} value={boxPrice} onChange={setBoxPrice} />
              {pick ? (
                <div className="sm:col-span-2" data-testid="order-cost">
                  <p className={labelClass}>Costo por par</p>
                  <p className="mt-1 text-sm text-stone-700">
                    {`El de la orden (${pick.lines.map((l) => `talla ${l.size}: ${formatCOP(l.unit_cost)}`).join(" · ")}); el costo promedio del producto se recalcula con la recepción.`}
                  </p>
                </div>
              ) : (
                <NumberField
                  label="Precio de costo (por par)"
                  step={100}
                  value={costPrice}
                  onChange={setCostPrice}
                  hint={
                    costAbovePrice ? (
                      <span className="font-semibold text-amber-800" role="status" data-testid="cost-warning">
                        {COST_ABOVE_PRICE}
                      </span>
                    ) : (
                      "Lo que costó cada par; con él se calcula el margen. Vacío deja el costo que tenga el producto"
                    )
                  }
                />
              )}
              <TextField
                label={pick ? "Código de referencia" : "Código de referencia (opcional)"}
                hint={pick ? "El del producto de la orden" : "Si lo dejas vacío se genera uno"}
                value={referenceCode}
                maxLength={60}
                readOnly={pick !== null}
                onChange={setReferenceCode}
              />
              <TextField label="Color (opcional)" value={color} maxLength={60} onChange={setColor} />
              <div className="sm:col-span-2">
                <TextAreaField label="Notas" rows={2} maxLength={1000} value={notes} onChange={setNotes} />
              </div>
            </div>
          </Panel>
        )}
        {waitingForOrder ? null : pick ? (
          <Panel title="Pares que llegaron" description="Por talla, como máximo lo pendiente de la orden.">
            <OrderPairs rows={arrived} locationName={pick.order.location_name} onChange={setArrived} />
          </Panel>
        ) : (
          <Panel
            title="Distribución por tallas"
            description="Pares completos y pies sueltos por ubicación; en cada talla los izquierdos deben igualar a los derechos."
            action={
              <button type="button" className={secondaryButton} onClick={() => setRows((r) => [...r, emptySizeRow()])}>
                + Agregar talla
              </button>
            }
          >
            <LocationsError options={locations} />
            <ul className="mt-2 space-y-3">
              {rows.map((row, index) => (
                <SizeRowEditor
                  key={row.key}
                  row={row}
                  index={index}
                  locations={locations.list}
                  removable={rows.length > 1}
                  onChange={(next) => setRows((all) => all.map((r) => (r.key === row.key ? next : r)))}
                  onRemove={() => setRows((all) => (all.length > 1 ? all.filter((r) => r.key !== row.key) : all))}
                />
              ))}
            </ul>
          </Panel>
        )}

        <Panel title="Video y foto">
          <MediaSection
            video={video}
            photo={photo}
            disabled={busy}
            onOpenCamera={() => setCamera(true)}
            onVideo={chooseVideo}
            onPhoto={setPhoto}
          />
        </Panel>

        <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
          <StatusDots
            price={price > 0}
            distribution={hasValidDistribution(pick ? orderSizeRows(arrived, pick.order.location_id) : rows)}
            video={video !== null}
          />
          {phase.kind === "uploading" && (
            <UploadProgress label="Subiendo video..." loaded={phase.loaded} total={phase.total} />
          )}
          {phase.kind === "processing" && <UploadProgress label="Procesando inventario..." loaded={0} total={0} />}
          {error && (
            <Notice tone="error" onClose={() => setError(null)}>
              {error}
            </Notice>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="submit"
              disabled={busy || waitingForOrder || label !== SUBMIT_LABEL.ready}
              className={`${accentButton} w-full py-3 text-base sm:flex-1`}
            >
              {busy ? "Registrando..." : pick && label === SUBMIT_LABEL.ready ? ORDER_SUBMIT : label}
            </button>
            {phase.kind === "uploading" && (
              <button type="button" className={secondaryButton} onClick={() => abort.current?.abort()}>
                Cancelar carga
              </button>
            )}
          </div>
        </div>
      </form>
      {camera && (
        <CameraOverlay onVideo={(file) => chooseVideo(file)} onPhoto={setPhoto} onClose={() => setCamera(false)} />
      )}
    </div>
  );
}
