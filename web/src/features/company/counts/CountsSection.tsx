import { useAtomValue } from "jotai";
import { useEffect, useId, useState } from "react";
import { type CountSummary, type CountsList, fetchCounts, openCount } from "../../../api/counts";
import { storedCopyOf } from "../../../api/stored";
import { fetchLocations } from "../../../api/transfers";
import { countLabel, formatDateTime } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { useMoreRows } from "../../../lib/paging";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { sessionAtom } from "../../../lib/session";
import { Badge } from "../../../lib/ui/Badge";
import { accentButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import {
  CheckboxField,
  type FieldErrors,
  FormModal,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from "../../../lib/ui/form";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Meter } from "../../../lib/ui/Meter";
import { Notice } from "../../../lib/ui/Notice";
import { CountScreen } from "./CountScreen";
import { STATUS_LABEL, STATUS_TONE } from "./labels";

const CountsSchema = storedCopyOf<CountsList>("counts", "total");

type Place = { id: number; name: string };
type Values = { location_id: string; blind: boolean; brand: string; notes: string };

function NewCountModal({
  places,
  fixedLocation,
  onClose,
  onOpened,
}: {
  places: Place[];
  fixedLocation: number | null;
  onClose: () => void;
  onOpened: (id: number) => void;
}) {
  const id = useId();
  const idempotency = useIdempotencyKeys();
  const form = useForm<Values>({
    initial: { location_id: fixedLocation ? String(fixedLocation) : "", blind: false, brand: "", notes: "" },
    validate: (v) => {
      const errors: FieldErrors<Values> = {};
      if (!v.location_id) errors.location_id = "Indica la ubicación";
      return errors;
    },
    failurePrefix: "Error al abrir el conteo",
    submit: async (v) => {
      const body = {
        location_id: Number(v.location_id),
        blind: v.blind,
        brand: v.brand.trim() || null,
        notes: v.notes.trim() || null,
      };
      const answer = await idempotency.send(body, (key) => openCount(body, key));
      onOpened(answer.count.id);
    },
  });
  const { values, set, bind } = form;
  return (
    <FormModal title="Nuevo conteo" onClose={onClose} form={form} submitLabel="Abrir conteo">
      <SelectField
        id={`${id}-location`}
        label="Ubicación *"
        {...bind("location_id")}
        disabled={fixedLocation !== null}
        placeholder="Selecciona la ubicación"
        options={places.map((p) => ({ value: String(p.id), label: p.name }))}
      />
      <TextField id={`${id}-brand`} label="Marca (opcional)" hint="Vacío: todos los productos" {...bind("brand")} />
      <CheckboxField
        label="Conteo ciego (quien cuenta no ve las cantidades esperadas)"
        checked={values.blind}
        onChange={(v) => set("blind", v)}
      />
      <TextAreaField id={`${id}-notes`} label="Nota" {...bind("notes")} rows={2} />
    </FormModal>
  );
}

function CountRow({ count, onOpen }: { count: CountSummary; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="count-row"
        className="w-full space-y-2 rounded-lg border border-stone-200 bg-white p-3 text-left hover:border-orange-300 hover:bg-orange-50/40"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-stone-900">{count.number}</span>
          <span className="text-stone-700">{count.location_name}</span>
          <Badge tone={STATUS_TONE[count.status]}>{STATUS_LABEL[count.status]}</Badge>
          {count.blind && <Badge tone="violet">Ciego</Badge>}
          {count.filter_brand && <Badge tone="sky">{count.filter_brand}</Badge>}
        </span>
        <span className="block text-sm text-stone-600">
          {formatDateTime(count.created_at)}
          {count.created_by_name ? ` · ${count.created_by_name}` : ""} · {count.progress.counted} de{" "}
          {countLabel(count.progress.total, "talla contada", "tallas contadas")}
        </span>
        <Meter
          label={`Avance de ${count.number}`}
          value={count.progress.percent}
          className="h-2 w-full rounded-full bg-stone-100"
          fill="bg-orange-500"
        />
      </button>
    </li>
  );
}

/** The counts, a page at a time: "Mostrando 50 de N conteos" and "Ver más". */
function CountList({ first, onOpen }: { first: CountsList; onOpen: (id: number) => void }) {
  const more = useMoreRows(
    first.counts,
    "counts",
    async (offset, signal) => (await fetchCounts(signal, offset)).counts,
    (c) => c.id,
  );
  const total = Math.max(first.total, more.rows.length);
  return (
    <div className="space-y-2">
      <ListCount shown={more.rows.length} total={total} one="conteo" many="conteos" />
      <ul className="space-y-2" aria-label="Conteos">
        {more.rows.map((count) => (
          <CountRow key={count.id} count={count} onOpen={() => onOpen(count.id)} />
        ))}
      </ul>
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </div>
  );
}

/**
 * Conteos: the physical counts of the company (a keeper's own warehouse), a new one, and the count
 * screen. `canWrite` off for the boss, who reads counts and their variances.
 */
export function CountsSection({ canWrite = true }: { canWrite?: boolean }) {
  const user = useAtomValue(sessionAtom);
  const keeperLocation = user?.role === "bodeguero" ? (user.location_id ?? null) : null;
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [places, setPlaces] = useState<Place[]>([]);
  const [placesError, setPlacesError] = useState<string | null>(null);
  const live = useRemoteData({ area: "admin", name: "counts", schema: CountsSchema, load: fetchCounts });

  useEffect(() => {
    if (!canWrite) return;
    const controller = new AbortController();
    fetchLocations(controller.signal).then(
      (list) => setPlaces(list.map((l) => ({ id: l.id, name: l.name }))),
      (err: unknown) => {
        if (!controller.signal.aborted) setPlacesError(errorMessage(err));
      },
    );
    return () => controller.abort();
  }, [canWrite]);

  if (open !== null) {
    return (
      <CountScreen
        countId={open}
        canWrite={canWrite}
        onBack={() => {
          setOpen(null);
          live.reload("manual");
        }}
      />
    );
  }
  return (
    <div className="space-y-4">
      {canWrite && (
        <div className="flex justify-end">
          <button type="button" className={accentButton} onClick={() => setCreating(true)}>
            Nuevo conteo
          </button>
        </div>
      )}
      {placesError && <Notice tone="error">No se pudieron cargar las ubicaciones: {placesError}</Notice>}
      <DataState live={live} loadingLabel="Cargando conteos...">
        {(list) =>
          list.counts.length === 0 ? (
            <EmptyState text="Todavía no hay conteos" />
          ) : (
            <CountList first={list} onOpen={setOpen} />
          )
        }
      </DataState>
      {creating && (
        <NewCountModal
          places={places}
          fixedLocation={keeperLocation}
          onClose={() => setCreating(false)}
          onOpened={(id) => {
            setCreating(false);
            setOpen(id);
          }}
        />
      )}
    </div>
  );
}
