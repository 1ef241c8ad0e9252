import { useState } from "react";
import { pluralWord } from "../../../../../shared/plural";
import type { AvailableLocation } from "../../../api/admin-schemas";
import type { NumberingRange } from "../../../api/numbering";
import { countLabel } from "../../../lib/format";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { AddButton, type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { useDialog } from "../../../lib/ui/useDialog";
import { LocationsError } from "../LocationsError";
import { useSetRangeActive } from "../mutations";
import { adminQueries } from "../queries";
import { useLocationOptions } from "../useLocationOptions";
import { CorrectTextModal } from "./CorrectTextModal";
import { RangeCard } from "./RangeCard";
import { RegisterRangeModal } from "./RegisterRangeModal";
import { rangeLabel } from "./rangeText";

/** One store's ranges, in the list's order (active first, newest first). */
type StoreRanges = { id: number; name: string; ranges: NumberingRange[] };

function byStore(ranges: readonly NumberingRange[]): StoreRanges[] {
  const groups = new Map<number, StoreRanges>();
  for (const range of ranges) {
    const group = groups.get(range.location_id) ?? { id: range.location_id, name: range.location_name, ranges: [] };
    group.ranges.push(range);
    groups.set(range.location_id, group);
  }
  // the API sends the active one first; kept so here whatever order it comes in
  for (const group of groups.values()) group.ranges.sort((a, b) => Number(b.active) - Number(a.active));
  return [...groups.values()];
}

const names = (stores: readonly { name: string }[]) =>
  new Intl.ListFormat("es-CO", { type: "conjunction" }).format(stores.map((s) => s.name));

/** The active stores no range of which can number a sale today (none active, or it is used up, expired or not yet valid). */
function storesWithout(stores: readonly AvailableLocation[], ranges: readonly NumberingRange[]) {
  return stores.filter((s) => !ranges.some((r) => r.location_id === s.id && r.state === "active"));
}

/** What a store without a usable resolution does: sell non-fiscal documents, or not sell when the company requires numbering. */
function withoutText(stores: readonly AvailableLocation[], required: boolean | null): string {
  const n = stores.length;
  const lacks = `${names(stores)} no ${pluralWord(n, "tiene", "tienen")} una resolución vigente`;
  if (required === null) return `${lacks}.`;
  return required
    ? `${lacks}: no ${pluralWord(n, "puede", "pueden")} vender mientras Configuración exija numeración DIAN.`
    : `${lacks}: sus ventas salen como documentos no fiscales.`;
}

type Switching = { range: NumberingRange; active: boolean };

/**
 * Numeración DIAN: each store's numbering resolutions (active first) with what they have used and left
 * and their alerts; activate, deactivate (asked first) and correct the printed text; register a new one.
 */
export function NumberingSection() {
  const live = useRemoteData(adminQueries.numberingRanges());
  const settings = useRemoteData(adminQueries.settings());
  const locations = useLocationOptions();
  const stores = locations.list.filter((l) => l.type === "local");
  const required = settings.data?.require_fiscal_numbering ?? null;
  const [flash, setFlash] = useState<Flash | null>(null);
  const creating = useDialog<true>(setFlash);
  const correcting = useDialog<NumberingRange>(setFlash);
  const [switching, setSwitching] = useState<Switching | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const activation = useSetRangeActive();

  const ask = (range: NumberingRange, active: boolean) => {
    setFlash(null);
    setSwitchError(null);
    setSwitching({ range, active });
  };

  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-stone-600">
          Los documentos POS de cada local toman sus números de la resolución activa del local, en orden.
        </p>
        <AddButton onClick={() => creating.open(true)}>+ Registrar resolución</AddButton>
      </div>
      <LocationsError options={locations} />
      <DataState live={live} loadingLabel="Cargando resoluciones...">
        {({ ranges }) => {
          if (ranges.length === 0)
            return (
              <EmptyState
                text="Aún no hay resoluciones de numeración"
                detail="Una resolución de numeración es la autorización de la DIAN que fija el prefijo, el rango de números y la vigencia con que un local numera sus documentos POS."
              />
            );
          const without = storesWithout(stores, ranges);
          return (
            <>
              {without.length > 0 && <Notice tone="warning">{withoutText(without, required)}</Notice>}
              {byStore(ranges).map((store) => (
                <Panel
                  key={store.id}
                  title={store.name}
                  description={countLabel(store.ranges.length, "resolución", "resoluciones")}
                >
                  <ul className="grid gap-3 lg:grid-cols-2" aria-label={`Resoluciones de ${store.name}`}>
                    {store.ranges.map((range) => (
                      <RangeCard
                        key={range.id}
                        range={range}
                        onActivate={() => ask(range, true)}
                        onDeactivate={() => ask(range, false)}
                        onCorrect={() => correcting.open(range)}
                      />
                    ))}
                  </ul>
                </Panel>
              ))}
            </>
          );
        }}
      </DataState>
      {creating.item && <RegisterRangeModal stores={stores} onClose={creating.close} onCreated={creating.done} />}
      {correcting.item && (
        <CorrectTextModal range={correcting.item} onClose={correcting.close} onSaved={correcting.done} />
      )}
      {switching && (
        <ConfirmDialog
          title={`${switching.active ? "Activar" : "Desactivar"} ${rangeLabel(switching.range)}`}
          message={switchMessage(switching, live.data?.ranges ?? [], required)}
          confirmLabel={switching.active ? "Activar" : "Desactivar"}
          tone={switching.active ? "accent" : "danger"}
          busy={activation.isPending}
          error={switchError}
          onCancel={() => setSwitching(null)}
          onConfirm={() => {
            setSwitchError(null);
            const { range, active } = switching;
            activation
              .mutateAsync({ id: range.id, active })
              .then((answer) => {
                setSwitching(null);
                setFlash({
                  tone: "success",
                  text: `${answer.message}: ${rangeLabel(answer.range)} · ${answer.range.location_name}`,
                });
              })
              .catch((error: unknown) => setSwitchError(errorMessage(error)));
          }}
        />
      )}
    </div>
  );
}

/** What switching a range does to its store, said before it is done. */
function switchMessage({ range, active }: Switching, ranges: readonly NumberingRange[], required: boolean | null) {
  const store = range.location_name;
  if (active) {
    const current = ranges.find((r) => r.location_id === range.location_id && r.active && r.id !== range.id);
    const from = range.next_number ? ` desde el ${range.next_number}` : "";
    const replaced = current ? ` La resolución activa del local (${rangeLabel(current)}) queda inactiva.` : "";
    return `Los documentos de ${store} tomarán sus números de esta resolución${from}.${replaced}`;
  }
  const then =
    required === true
      ? "no podrá vender hasta que se active otra, porque Configuración exige numeración DIAN"
      : "sus ventas saldrán como documentos no fiscales hasta que se active otra";
  return `${store} queda sin resolución activa: ${then}.`;
}
