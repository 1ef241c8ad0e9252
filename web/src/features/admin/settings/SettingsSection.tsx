import { fetchReceiptSettings, type ReceiptSettings } from "../../../api/settings";
import { storedCopyOf } from "../../../api/stored";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { ReceiptSettingsForm } from "./ReceiptSettingsForm";
import { TillRulesForm } from "./TillRulesForm";

const SettingsSchema = storedCopyOf<ReceiptSettings>("name", "return_window_days");

/** Configuración: the company's settings, read once for both forms (receipt data; till and return rules). */
export function SettingsSection() {
  const live = useRemoteData({
    area: "admin",
    name: "company-settings",
    schema: SettingsSchema,
    load: fetchReceiptSettings,
  });
  const reload = () => live.reload("manual");
  return (
    <DataState live={live} loadingLabel="Cargando configuración...">
      {(settings) => (
        <div className="space-y-8">
          <ReceiptSettingsForm settings={settings} onSaved={reload} />
          <TillRulesForm settings={settings} onSaved={reload} />
        </div>
      )}
    </DataState>
  );
}
