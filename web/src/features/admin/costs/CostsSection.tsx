import { useId, useState } from "react";
import type { Cost } from "../../../api/admin-schemas";
import { formatCOP, formatDate } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { AddButton, type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { SelectField } from "../../../lib/ui/form";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { useDialog } from "../../../lib/ui/useDialog";
import { COST_TYPES, costKindLabel, frequencyLabel } from "../../company/costForm";
import { DataTable } from "../DataTable";
import { LocationFilter } from "../LocationFilter";
import { LocationsError } from "../LocationsError";
import { adminQueries } from "../queries";
import { useLocationOptions } from "../useLocationOptions";
import { CostFormModal } from "./CostFormModal";
import { CostPaymentsDialog } from "./CostPaymentsDialog";
import { OperationalDashboardView } from "./OperationalDashboardView";
import { PayCostDialog } from "./PayCostDialog";

/**
 * Costos: the operational dashboard, the cost list with filters, 'Pagar' (a dialog: amount, date,
 * method, note) and 'Pagos' (the cost's payment log, where the last payment can be undone), and the
 * register-cost modal.
 */
export function CostsSection() {
  const id = useId();
  const locations = useLocationOptions();
  const [costType, setCostType] = useState("");
  const [location, setLocation] = useState("");
  const [flash, setFlash] = useState<Flash | null>(null);
  const creating = useDialog<true>(setFlash);
  const paying = useDialog<Cost>(setFlash);
  const [viewing, setViewing] = useState<Cost | null>(null);
  // One key per payment sent: 'Registrar pago' again after a lost answer does not pay twice (and the
  // due date sent refuses a period already paid).
  const payments = useIdempotencyKeys();
  const dashboard = useRemoteData(adminQueries.costsDashboard());
  const list = useRemoteData(adminQueries.costs(costType, location));

  /** The cost as the list last answered it (an undo moves its due date back). */
  const current = (cost: Cost) => list.data?.costs.find((c) => c.id === cost.id) ?? cost;

  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <DataState live={dashboard} loadingLabel="Cargando dashboard de costos...">
        {(data) => <OperationalDashboardView data={data} />}
      </DataState>
      <Panel
        title="Costos registrados"
        action={<AddButton onClick={() => creating.open(true)}>+ Registrar costo</AddButton>}
      >
        <LocationsError options={locations} />
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SelectField
            label="Categoría"
            value={costType}
            onChange={setCostType}
            compact
            placeholder="Todas"
            options={COST_TYPES}
          />
          <LocationFilter id={`${id}-location`} value={location} onChange={setLocation} locations={locations.list} />
        </div>
        <DataState live={list} loadingLabel="Cargando costos...">
          {({ costs }) => (
            <DataTable
              label="Costos registrados"
              rows={costs}
              rowKey={(c) => c.id}
              empty="No hay costos registrados"
              rowTestId="cost-row"
              csvName="costos"
              columns={[
                {
                  header: "Descripción",
                  cell: (c) => <span className="font-medium">{c.description}</span>,
                  csv: (c) => c.description,
                },
                {
                  header: "Categoría",
                  cell: (c) => costKindLabel(c.cost_type, c.category),
                  csv: (c) => c.category ?? c.cost_type,
                },
                { header: "Ubicación", cell: (c) => c.location_name ?? "—", csv: (c) => c.location_name },
                { header: "Monto", cell: (c) => formatCOP(c.amount), csv: (c) => c.amount, align: "right" },
                {
                  header: "Frecuencia",
                  cell: (c) => frequencyLabel(c.frequency),
                  csv: (c) => frequencyLabel(c.frequency),
                },
                { header: "Vence", cell: (c) => formatDate(c.due_date), csv: (c) => c.due_date },
                { header: "Último pago", cell: (c) => formatDate(c.last_paid_date), csv: (c) => c.last_paid_date },
                {
                  header: "Acciones",
                  wide: true,
                  cell: (c) => (
                    <div className="flex flex-wrap gap-2">
                      <SmallButton
                        label={`Pagar ${c.description}`}
                        disabled={!c.is_active}
                        onClick={() => paying.open(c)}
                      >
                        Pagar
                      </SmallButton>
                      <SmallButton label={`Pagos de ${c.description}`} onClick={() => setViewing(c)}>
                        Pagos
                      </SmallButton>
                    </div>
                  ),
                },
              ]}
            />
          )}
        </DataState>
      </Panel>
      {paying.item && <PayCostDialog cost={paying.item} keys={payments} onClose={paying.close} onPaid={paying.done} />}
      {viewing && (
        <CostPaymentsDialog
          cost={current(viewing)}
          onClose={() => setViewing(null)}
          onUndone={(text) => {
            setFlash({ tone: "success", text });
          }}
        />
      )}
      {creating.item && <CostFormModal locations={locations.list} onClose={creating.close} onCreated={creating.done} />}
    </div>
  );
}
