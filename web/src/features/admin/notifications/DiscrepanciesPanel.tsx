import { useId, useState } from "react";
import { fetchDiscrepancies } from "../../../api/admin";
import type { Discrepancy } from "../../../api/admin-schemas";
import { formatDateTime } from "../../../lib/format";
import { useMoreRows } from "../../../lib/paging";
import { Badge } from "../../../lib/ui/Badge";
import { accentButton, dangerButton, inputClass, labelClass, secondaryButton } from "../../../lib/ui/classes";
import { AttentionItem, ItemList } from "../../../lib/ui/ItemList";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Panel } from "../../../lib/ui/Panel";
import { useResolveDiscrepancy } from "../mutations";

type Props = {
  /** The first page of the open discrepancies. */
  list: Discrepancy[];
  /** How many are open in all ("Ver más" brings the rest). */
  total: number;
  /** Resolved (the hook reads the list and the badge again): the answer's message. */
  onResolved: (message: string) => void;
  onError: (message: string) => void;
};

type Choice = { discrepancy: Discrepancy; resolution: "found" | "write_off" };

/**
 * Receptions that did not add up: units short or damaged, held until the administrador decides.
 * Found puts them back into the location's stock; a write-off records the loss with its reason.
 */
export function DiscrepanciesPanel({ list, total: firstTotal, onResolved, onError }: Props) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const more = useMoreRows(
    list,
    "open",
    async (offset, signal) => (await fetchDiscrepancies("open", signal, offset)).discrepancies,
    (d) => d.id,
  );
  const total = Math.max(firstTotal, more.rows.length);
  return (
    <Panel
      title="Diferencias en recepciones"
      description={total === 0 ? "Todo cuadra" : `${total} por resolver: unidades faltantes o dañadas`}
    >
      {more.rows.length < total && (
        <ListCount shown={more.rows.length} total={total} one="diferencia abierta" many="diferencias abiertas" />
      )}
      <ItemList items={more.rows} empty="No hay diferencias por resolver" className="space-y-3">
        {(d) => (
          <AttentionItem
            key={d.id}
            edge="red"
            testId="discrepancy"
            head={
              <>
                <p className="min-w-0 font-semibold text-stone-900">
                  {[d.brand, d.model].filter(Boolean).join(" ")} · Talla {d.size}
                </p>
                <Badge tone={d.kind === "short" ? "warning" : "error"}>
                  {d.kind_label}: {d.units_text}
                </Badge>
              </>
            }
          >
            <p className="mt-1 text-sm text-stone-700">
              {d.request_type === "return" ? "Devolución" : "Transferencia"} #{d.transfer_id} a {d.location_name}:{" "}
              {d.units_text} de {d.sent_quantity} enviados
            </p>
            <p className="text-xs text-stone-500">
              Reportó {d.reported_by} · {formatDateTime(d.reported_at)}
              {d.notes ? ` · “${d.notes}”` : ""}
            </p>
            {choice?.discrepancy.id === d.id ? (
              <ResolveForm
                choice={choice}
                onCancel={() => setChoice(null)}
                onDone={(message) => {
                  setChoice(null);
                  onResolved(message);
                }}
                onError={onError}
              />
            ) : (
              <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
                <button
                  type="button"
                  onClick={() => setChoice({ discrepancy: d, resolution: "write_off" })}
                  className={dangerButton}
                >
                  Dar de baja
                </button>
                <button
                  type="button"
                  onClick={() => setChoice({ discrepancy: d, resolution: "found" })}
                  className={accentButton}
                >
                  Encontrado
                </button>
              </div>
            )}
          </AttentionItem>
        )}
      </ItemList>
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </Panel>
  );
}

function ResolveForm({
  choice,
  onCancel,
  onDone,
  onError,
}: {
  choice: Choice;
  onCancel: () => void;
  onDone: (message: string) => void;
  onError: (message: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const resolve = useResolveDiscrepancy();
  const found = choice.resolution === "found";
  async function submit() {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      const result = await resolve.mutateAsync({
        id: choice.discrepancy.id,
        resolution: choice.resolution,
        reason,
      });
      onDone(result.message);
    } catch (error) {
      onError(error instanceof Error ? error.message : "No se pudo resolver la diferencia");
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="mt-3 space-y-2 rounded-lg bg-stone-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-reason`} className={labelClass}>
        {found ? `¿Dónde aparecieron? (vuelven al stock de ${choice.discrepancy.location_name})` : "Motivo de la baja"}
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={300}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
        className={inputClass}
      />
      {missing && <p className="text-sm text-red-700">Indica el motivo</p>}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
        <button type="submit" disabled={busy} className={found ? accentButton : dangerButton}>
          {busy ? "Guardando..." : found ? "Devolver al stock" : "Confirmar baja"}
        </button>
      </div>
    </form>
  );
}
