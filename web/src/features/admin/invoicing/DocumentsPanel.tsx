import { useState } from "react";
import type { DocumentStatus, ElectronicDocument } from "../../../api/fiscal";
import { countLabel, formatDateTime } from "../../../lib/format";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge, type BadgeTone } from "../../../lib/ui/Badge";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { DataState } from "../../../lib/ui/DataState";
import type { Flash } from "../../../lib/ui/Flash";
import { ItemList } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { useResendDocument } from "../mutations";
import { adminQueries } from "../queries";

type Filter = DocumentStatus | "all" | "attention";

const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "Todos" },
  { value: "attention", label: "Requieren atención" },
  { value: "pendiente", label: "Pendientes" },
  { value: "enviado", label: "Enviados" },
  { value: "aceptado", label: "Aceptados" },
  { value: "rechazado", label: "Rechazados" },
];

const STATUS: Record<DocumentStatus, { label: string; tone: BadgeTone }> = {
  pendiente: { label: "Pendiente", tone: "warning" },
  enviado: { label: "Enviado", tone: "info" },
  aceptado: { label: "Aceptado", tone: "success" },
  rechazado: { label: "Rechazado", tone: "error" },
};

const EMPTY: Record<Filter, { text: string; detail?: string }> = {
  all: {
    text: "Aún no hay documentos electrónicos",
    detail: "Cada venta con número DIAN genera su documento POS, y cada devolución de esa venta su nota de ajuste.",
  },
  attention: { text: "Ningún documento requiere atención" },
  pendiente: { text: "No hay documentos pendientes de envío" },
  enviado: { text: "No hay documentos esperando la respuesta de la DIAN" },
  aceptado: { text: "Aún no hay documentos aceptados" },
  rechazado: { text: "No hay documentos rechazados" },
};

/** The API's default page: a full one says only the newest are shown. */
const PAGE = 50;

/** "POS FE12", "Nota de ajuste NA5". */
export const documentTitle = (d: Pick<ElectronicDocument, "kind" | "number">) =>
  `${d.kind === "pos" ? "POS" : "Nota de ajuste"} ${d.number}`;

/** The CUDE's first 12 characters: enough to tell documents apart and to search the provider's portal. */
const shortCude = (cude: string) => `${cude.slice(0, 12)}…`;

/** When something happens next: accepted, or the next try while it waits. */
function whenLine(d: ElectronicDocument): string | null {
  if (d.accepted_at) return `Aceptado el ${formatDateTime(d.accepted_at)}`;
  if (d.next_attempt_at && d.attempts > 0)
    return `${countLabel(d.attempts, "intento", "intentos")} · próximo: ${formatDateTime(d.next_attempt_at)}`;
  return null;
}

function DocumentRow({ document: d, onResend }: { document: ElectronicDocument; onResend: () => void }) {
  const title = documentTitle(d);
  const status = STATUS[d.status];
  const when = whenLine(d);
  return (
    <li data-testid="electronic-document" className="space-y-1 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-stone-900 tabular-nums">{title}</p>
        <span className="flex shrink-0 flex-wrap justify-end gap-1">
          {d.needs_attention && d.status !== "rechazado" && <Badge tone="error">Sin respuesta del proveedor</Badge>}
          <Badge tone={status.tone}>{status.label}</Badge>
        </span>
      </div>
      <p className="text-sm text-stone-700">
        Venta #{d.sale_id}
        {d.return_id !== null && ` · Devolución #${d.return_id}`} · {formatDateTime(d.created_at)}
      </p>
      {d.cude && (
        <p className="text-xs text-stone-600">
          CUDE{" "}
          <span className="font-mono" title={d.cude}>
            {shortCude(d.cude)}
          </span>
        </p>
      )}
      {when && <p className="text-xs text-stone-600">{when}</p>}
      {d.reason && (
        <p className={`text-sm break-words ${d.status === "rechazado" ? "text-red-700" : "text-amber-800"}`}>
          {d.reason}
        </p>
      )}
      {d.status === "rechazado" && (
        <div className="pt-1">
          <SmallButton label={`Reenviar ${title}`} onClick={onResend}>
            Reenviar
          </SmallButton>
        </div>
      )}
    </li>
  );
}

/**
 * 'Documentos electrónicos': the POS documents and notas de ajuste, newest first, by state at DIAN, with
 * their CUDE and the provider's reason; a rejected one is sent again after asking.
 */
export function DocumentsPanel({ say }: { say: (flash: Flash | null) => void }) {
  const [filter, setFilter] = useState<Filter>("all");
  const live = useRemoteData(adminQueries.electronicDocuments(filter === "all" ? null : filter));
  const [resending, setResending] = useState<ElectronicDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resend = useResendDocument();

  const ask = (d: ElectronicDocument) => {
    say(null);
    setError(null);
    setResending(d);
  };
  const confirm = (d: ElectronicDocument) => {
    setError(null);
    resend
      .mutateAsync(d.id)
      .then(() => {
        setResending(null);
        say({ tone: "success", text: `Documento enviado de nuevo: ${documentTitle(d)}` });
      })
      .catch((failure: unknown) => setError(errorMessage(failure)));
  };

  return (
    <Panel title="Documentos electrónicos" description="Su estado en la DIAN, los más recientes primero">
      <div className="space-y-3">
        <ChoiceChips legend="Estado" hideLegend value={filter} choices={FILTERS} onChange={setFilter} columns="fit" />
        <DataState live={live} loadingLabel="Cargando documentos...">
          {({ documents }) => (
            <>
              <ItemList
                items={documents}
                empty={EMPTY[filter].text}
                emptyDetail={EMPTY[filter].detail}
                className="divide-y divide-stone-200"
                label="Documentos electrónicos"
              >
                {(d) => <DocumentRow key={d.id} document={d} onResend={() => ask(d)} />}
              </ItemList>
              {documents.length >= PAGE && (
                <p className="text-sm text-stone-600">Se muestran los {PAGE} más recientes.</p>
              )}
            </>
          )}
        </DataState>
      </div>
      {resending && (
        <ConfirmDialog
          title={`Reenviar ${documentTitle(resending)}`}
          message="El documento se arma de nuevo con los datos actuales y se envía al proveedor. Corrige antes lo que causó el rechazo."
          confirmLabel="Reenviar"
          tone="accent"
          busy={resend.isPending}
          busyLabel="Enviando..."
          error={error}
          onCancel={() => setResending(null)}
          onConfirm={() => confirm(resending)}
        />
      )}
    </Panel>
  );
}
