import { Link } from "@tanstack/react-router";
import { countLabel, formatDateTime } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { AttentionItem, ItemList } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { documentTitle } from "../invoicing/DocumentsPanel";
import { adminQueries } from "../queries";

/**
 * The electronic documents that need the administrador (docs/fiscal.md): rejected by DIAN (fix the data and
 * re-send), or left unanswered by the provider for too long. Nothing while none does; the same read as the
 * Facturación electrónica screen's "Requieren atención".
 */
export function DocumentAlertsPanel() {
  const live = useRemoteData(adminQueries.electronicDocuments("attention"));
  const documents = live.data?.documents ?? [];
  if (documents.length === 0) return null;
  const total = live.data?.attention_count ?? documents.length;
  return (
    <Panel
      title="Facturación electrónica"
      description={`${countLabel(total, "documento requiere", "documentos requieren")} atención`}
    >
      <ItemList items={documents} empty="" className="space-y-3">
        {(d) => (
          <AttentionItem
            key={d.id}
            edge={d.status === "rechazado" ? "red" : "amber"}
            testId="document-alert"
            head={
              <p className="font-semibold text-stone-900">
                {documentTitle(d)} ·{" "}
                {d.status === "rechazado" ? "Rechazado por la DIAN" : "Sin respuesta del proveedor"}
              </p>
            }
          >
            <p className="mt-1 text-sm text-stone-700">
              Venta #{d.sale_id} · {formatDateTime(d.created_at)}
            </p>
            {d.reason && <p className="mt-1 text-sm break-words text-stone-700">{d.reason}</p>}
          </AttentionItem>
        )}
      </ItemList>
      <Link to="/administrador/invoicing" className="mt-3 inline-block text-sm font-semibold underline">
        Ir a Facturación electrónica
      </Link>
    </Panel>
  );
}
