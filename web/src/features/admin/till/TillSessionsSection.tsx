import { useState } from "react";
import { storedCopyOf } from "../../../api/stored";
import { fetchTillSessions, type TillSessions } from "../../../api/till";
import { formatCOP, formatDateTime } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { TillReport } from "../../../lib/till/TillReport";
import { Badge } from "../../../lib/ui/Badge";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { Modal } from "../../../lib/ui/Modal";
import { LocationFilter } from "../LocationFilter";
import { useLocationOptions } from "../useLocationOptions";

const SessionsSchema = storedCopyOf<{ sessions: TillSessions }>("sessions");

/** Cajas: every till session of the company by store, newest first, with its differences and alerts. */
export function TillSessionsSection() {
  const [location, setLocation] = useState("");
  const [open, setOpen] = useState<TillSessions[number] | null>(null);
  const places = useLocationOptions();
  const live = useRemoteData({
    area: "admin",
    name: `till-sessions:${location}`,
    schema: SessionsSchema,
    load: async (signal) => ({
      sessions: await fetchTillSessions(location ? { location_id: location } : {}, signal),
    }),
  });
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <LocationFilter id="till-location" value={location} onChange={setLocation} locations={places.list} />
      </div>
      <DataState live={live} loadingLabel="Cargando cajas...">
        {({ sessions }) =>
          sessions.length === 0 ? (
            <EmptyState text="Todavía no hay cajas abiertas ni cerradas" />
          ) : (
            <ul className="space-y-2" aria-label="Cajas">
              {sessions.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(s)}
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
                          {s.difference.efectivo === 0
                            ? "Cuadrada"
                            : `Diferencia ${formatCOP(s.difference.efectivo ?? 0)}`}
                        </Badge>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
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
