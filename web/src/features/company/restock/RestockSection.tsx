import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { actOnRestockOrder, fetchRestockOrders, type OrdersState, pickRestockLine } from "../../../api/transfer-orders";
import { fetchLocations } from "../../../api/transfers";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { useTransferLive } from "../../../lib/logistics/useTransferLive";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { sessionAtom } from "../../../lib/session";
import { accentButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { ListCount } from "../../../lib/ui/ListCount";
import { PressedButtons } from "../../../lib/ui/PressedButtons";
import { NewRestockOrderModal, type RestockDraft } from "./NewRestockOrderModal";
import { type OrderWrites, RestockOrderCard } from "./RestockOrderCard";
import { ordersRestock } from "./roles";

/** How often the list reloads while the live feed is down. */
const POLL_MS = 30_000;

const STATES: { value: OrdersState; label: string }[] = [
  { value: "open", label: "Abiertos" },
  { value: "closed", label: "Cerrados" },
];

const stateChip = (on: boolean) =>
  `rounded-full border px-3 py-1.5 text-sm font-medium ${on ? "border-orange-600 bg-orange-50 text-orange-800" : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50"}`;

/** The writes of the orders on screen: each answer reloads the list; a refusal is shown as it came. */
function useOrderWrites(reload: () => void, setFlash: (f: Flash | null) => void): OrderWrites {
  const idempotency = useIdempotencyKeys();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<object>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await work();
      // an action says what it did; a pick only changes its line
      if ("message" in answer && typeof answer.message === "string")
        setFlash({ tone: "success", text: answer.message });
      reload();
      return true;
    } catch (err) {
      const text = errorMessage(err);
      setError(text);
      setFlash({ tone: "error", text });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    error,
    act: (order, body) =>
      run(() => idempotency.send({ order: order.id, ...body }, (key) => actOnRestockOrder(order.id, body, key))),
    pick: (order, line, picked, code) => void run(() => pickRestockLine(order.id, line.id, picked, code)),
    problem: (text) => {
      setError(text);
      setFlash({ tone: "error", text });
    },
  };
}

/**
 * Pedidos de reposición: the orders the signed-in user takes part in (a warehouse's to prepare, a store's
 * to receive, a courier's to carry, all of them for the administrador), live, and a new one.
 */
export function RestockSection({ draft, onDraftUsed }: { draft?: RestockDraft | undefined; onDraftUsed?: () => void }) {
  const user = useAtomValue(sessionAtom);
  const [state, setState] = useState<OrdersState>("open");
  const [creating, setCreating] = useState(draft !== undefined);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [places, setPlaces] = useState<{ id: number; name: string }[]>([]);
  const live = useRemoteData({
    area: "transfers",
    name: `restock-orders-${state}`,
    load: (signal) => fetchRestockOrders(state, signal),
  });
  useTransferLive({ onEvents: () => live.reload("event"), onPoll: () => live.reload("poll"), pollMs: POLL_MS });
  const writes = useOrderWrites(() => live.reload("manual"), setFlash);
  const canOrder = user !== null && ordersRestock(user);

  useEffect(() => {
    if (!canOrder) return;
    const controller = new AbortController();
    fetchLocations(controller.signal).then(
      (list) => setPlaces(list.map((l) => ({ id: l.id, name: l.name }))),
      (err: unknown) => {
        if (!controller.signal.aborted)
          setFlash({ tone: "error", text: `No se pudieron cargar las ubicaciones: ${errorMessage(err)}` });
      },
    );
    return () => controller.abort();
  }, [canOrder]);

  return (
    <section className="space-y-4" aria-label="Pedidos de reposición">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex gap-2">
          <legend className="sr-only">Qué pedidos ver</legend>
          <PressedButtons value={state} options={STATES} onChange={setState} classOf={stateChip} />
        </fieldset>
        {canOrder && (
          <button type="button" className={accentButton} onClick={() => setCreating(true)}>
            Nuevo pedido
          </button>
        )}
      </div>
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <DataState live={live} loadingLabel="Cargando pedidos...">
        {(list) =>
          list.orders.length === 0 ? (
            <EmptyState text={state === "open" ? "No hay pedidos de reposición abiertos" : "No hay pedidos cerrados"} />
          ) : (
            <div className="space-y-3">
              <ListCount shown={list.orders.length} total={list.total} one="pedido" many="pedidos" />
              {list.orders.map((order) => (
                <RestockOrderCard key={order.id} order={order} writes={writes} />
              ))}
            </div>
          )
        }
      </DataState>
      {creating && (
        <NewRestockOrderModal
          places={places}
          draft={draft}
          onClose={() => {
            setCreating(false);
            onDraftUsed?.();
          }}
          onCreated={(text) => {
            setCreating(false);
            onDraftUsed?.();
            setFlash({ tone: "success", text });
            setState("open");
            live.reload("manual");
          }}
        />
      )}
    </section>
  );
}
