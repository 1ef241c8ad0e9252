import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { adminQueries } from "../queries";
import { FiscalRulesForm } from "./FiscalRulesForm";
import { ReceiptSettingsForm } from "./ReceiptSettingsForm";
import { TillRulesForm } from "./TillRulesForm";

/** Configuración: the company's settings, read once for its three forms (receipt data; till and return rules; DIAN numbering). */
export function SettingsSection() {
  const live = useRemoteData(adminQueries.settings());
  return (
    <DataState live={live} loadingLabel="Cargando configuración...">
      {(settings) => (
        <div className="space-y-8">
          <ReceiptSettingsForm settings={settings} />
          <TillRulesForm settings={settings} />
          <FiscalRulesForm settings={settings} />
        </div>
      )}
    </DataState>
  );
}
