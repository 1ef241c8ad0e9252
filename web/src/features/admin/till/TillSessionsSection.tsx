import { useState } from "react";
import { fetchTillSessions, type TillSessions, type TillSessionsPage } from "../../../api/till";
import { formatCOP, formatDateTime } from "../../../lib/format";
import { useMoreRows } from "../../../lib/paging";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { TillReport } from "../../../lib/till/TillReport";
import { Badge } from "../../../lib/ui/Badge";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Modal } from "../../../lib/ui/Modal";
import { LocationFilter } from "../LocationFilter";
import { adminQueries } from "../queries";
import { useLocationOptions } from "../useLocationOptions";

type Session = TillSessions[number];

/** The sessions, a page at a time: "Mostrando 30 de N cajas" and "Ver más". */
function SessionList({
  first,
  location,
  onOpen,
}: {
  first: TillSessionsPage;
  location: string;
  onOpen: (s: Session) => void;
}) {
  const more = useMoreRows(
    first.sessions,
    location,
    async (offset, signal) =>
      (await fetchTillSessions({ ...(location ? { location_id: location } : {}), offset: String(offset) }, signal))
        .sessions,
    (s) => s.id,
  );
  const total = Math.max(first.total, more.rows.length);
  return (
    <div className="space-y-2">
      <ListCount shown={more.rows.length} total={total} one="caja" many="cajas" />
      <ul className="space-y-2" aria-label="Cajas">
        {more.rows.map((s) => (
          <SessionRow key={s.id} session={s} onOpen={() => onOpen(s)} />
        ))}
      </ul>
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </div>
  );
}

/** One session: its store, who opened and closed it, and whether the cash squared. */
function SessionRow({ session: s, onOpen }: { session: Session; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white p-3 text-left text-sm shadow-sm hover:border-orange-300"
      >
        <span className="min-w-0">
          <span className="block font-semibold text-stone-900">
            {s.location_name} · caja #{s.id}
          </span>
          <span className="block text-stone-600">
            {formatDateTime(s.opened_at)} · {s.opened_by_name}
            {s.closed_at ? ` → ${formatDateTime(s.closed_at)}` : ""}
          </span>
        </span>
        <span className="flex items-center gap-2">
          {s.status === "open" ? (
            <Badge tone="info">Abierta</Badge>
          ) : s.alert ? (
            <Badge tone="warning">Diferencia {formatCOP(s.difference.efectivo ?? 0)}</Badge>
          ) : (
            <Badge tone="success">
              {s.difference.efectivo === 0 ? "Cuadrada" : `Diferencia ${formatCOP(s.difference.efectivo ?? 0)}`}
            </Badge>
          )}
        </span>
      </button>
    </li>
  );
}

/** Cajas: every till session of the company by store, newest first, with its differences and alerts. */
export function TillSessionsSection() {
  const [location, setLocation] = useState("");
  const [open, setOpen] = useState<TillSessions[number] | null>(null);
  const places = useLocationOptions();
  const live = useRemoteData(adminQueries.tillSessions(location));
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <LocationFilter id="till-location" value={location} onChange={setLocation} locations={places.list} />
      </div>
      <DataState live={live} loadingLabel="Cargando cajas...">
        {(first) =>
          first.sessions.length === 0 ? (
            <EmptyState text="Todavía no hay cajas abiertas ni cerradas" />
          ) : (
            <SessionList first={first} location={location} onOpen={setOpen} />
          )
        }
      </DataState>
      {open && (
        <Modal title={`Caja #${open.id} · ${open.location_name}`} onClose={() => setOpen(null)}>
          <TillReport session={open} />
        </Modal>
      )}
    </div>
  );
}
