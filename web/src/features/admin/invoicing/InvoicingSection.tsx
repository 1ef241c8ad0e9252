import { useState } from "react";
import type { FiscalSettings } from "../../../api/fiscal";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { adminQueries } from "../queries";
import { DocumentsPanel } from "./DocumentsPanel";
import { FiscalSettingsForm } from "./FiscalSettingsForm";

/**
 * Facturación electrónica (docs/fiscal.md): how the company issues its POS documents and what became of
 * each at DIAN.
 */
export function InvoicingSection() {
  const live = useRemoteData(adminQueries.fiscalSettings());
  const [flash, setFlash] = useState<Flash | null>(null);
  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <DataState live={live} loadingLabel="Cargando configuración...">
        {({ settings }) => <Panels settings={settings} say={setFlash} />}
      </DataState>
    </div>
  );
}

/**
 * Set up once, then watched: the documents come first when the settings were saved before, the form first
 * otherwise (the order holds while the screen is open, so saving moves nothing).
 */
function Panels({ settings, say }: { settings: FiscalSettings; say: (flash: Flash | null) => void }) {
  const [documentsFirst] = useState(settings !== null);
  const documents = <DocumentsPanel say={say} />;
  return (
    <>
      {documentsFirst && documents}
      {!settings && (
        <Notice tone="warning">
          Aún no hay configuración de facturación electrónica: los documentos de las ventas numeradas esperan en cola
          hasta que se guarde.
        </Notice>
      )}
      <Panel
        title="Configuración de facturación electrónica"
        description="El software registrado ante la DIAN, la dirección del emisor y el proveedor tecnológico"
      >
        <FiscalSettingsForm saved={settings} />
      </Panel>
      {!documentsFirst && documents}
    </>
  );
}
