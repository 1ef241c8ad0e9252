import { pluralWord } from "../../../../../shared/plural";
import { countLabel as plural } from "../../../lib/format";
import type { OutboxItem } from "../../../lib/outbox/db";
import { linkButton, smallButton } from "../../../lib/ui/classes";

type Props = {
  items: readonly OutboxItem[];
  sending: boolean;
  online: boolean;
  onSend: () => void;
  onOpen: () => void;
};

/** Above every seller screen while something made on the phone has not reached the server. */
export function OutboxBanner({ items, sending, online, onSend, onOpen }: Props) {
  const pending = items.filter((i) => i.status === "pending").length;
  const blocked = items.filter((i) => i.status === "blocked").length;
  if (pending === 0 && blocked === 0) return null;
  return (
    <div className="mb-4 space-y-2" data-testid="outbox-banner">
      {pending > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
        >
          <p className="min-w-0 flex-1 font-medium">
            {plural(pending, "registro pendiente", "registros pendientes")} de sincronizar
            {online ? (sending ? " · enviando..." : "") : " · sin conexión, se enviarán al volver"}
          </p>
          {online && (
            <button type="button" className={smallButton} disabled={sending} onClick={onSend}>
              Enviar ahora
            </button>
          )}
          <button type="button" className={linkButton} onClick={onOpen}>
            Ver
          </button>
        </div>
      )}
      {blocked > 0 && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p className="min-w-0 flex-1 font-medium">
            {plural(blocked, "registro", "registros")} por resolver: el servidor no {pluralWord(blocked, "lo", "los")}{" "}
            aceptó
          </p>
          <button type="button" className={linkButton} onClick={onOpen}>
            Resolver
          </button>
        </div>
      )}
    </div>
  );
}
