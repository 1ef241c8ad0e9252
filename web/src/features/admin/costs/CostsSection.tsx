import { useId, useState } from "react";
import { type CostPayment, fetchCosts, fetchOperationalDashboard, payCost } from "../../../api/admin";
import { type Cost, CostsListSchema, OperationalDashboardSchema } from "../../../api/admin-schemas";
import { COST_TYPES, costKindLabel, frequencyLabel } from "../../../lib/company/costForm";
import { formatCOP, formatDate } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { AddButton, type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { SelectField } from "../../../lib/ui/form";
import { Panel } from "../../../lib/ui/Panel";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { DataTable } from "../DataTable";
import { LocationFilter } from "../LocationFilter";
import { LocationsError } from "../LocationsError";
import { useLocationOptions } from "../useLocationOptions";
import { CostFormModal } from "./CostFormModal";
import { OperationalDashboardView } from "./OperationalDashboardView";

/** Costos: the operational dashboard, the cost list with filters and 'Pagar', and the register-cost modal. */
export function CostsSection() {
  const id = useId();
  const locations = useLocationOptions();
  const [costType, setCostType] = useState("");
  const [location, setLocation] = useState("");
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  // One key per cost and due date: 'Pagar' again after a lost answer does not pay twice.
  const payments = useIdempotencyKeys();
  const dashboard = useRemoteData({
    area: "admin",
    name: "costs-dashboard",
    schema: OperationalDashboardSchema,
    load: fetchOperationalDashboard,
  });
  const list = useRemoteData({
    area: "admin",
    name: `costs:${costType}:${location}`,
    schema: CostsListSchema,
    load: (signal) => fetchCosts({ cost_type: costType, location_id: location ? Number(location) : null }, signal),
  });

  const refresh = () => {
    dashboard.reload();
    list.reload();
  };

  async function pay(cost: Cost) {
    setPaying(cost.id);
    setFlash(null);
    try {
      const payment: CostPayment = { cost_id: cost.id, due_date: cost.due_date };
      const answer = await payCost(payment, payments.keyFor(payment));
      payments.renew(payment);
      setFlash({
        tone: "success",
        text: `${cost.description}: ${answer.message || "Pago registrado"}${answer.end_date ? ` (próximo vencimiento ${formatDate(answer.end_date)})` : ""}`,
      });
      refresh();
    } catch (error) {
      setFlash({
        tone: "error",
        text: failureText("Error al registrar pago", error),
      });
    } finally {
      setPaying(null);
    }
  }

  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <DataState live={dashboard} loadingLabel="Cargando dashboard de costos...">
        {(data) => <OperationalDashboardView data={data} />}
      </DataState>
      <Panel
        title="Costos registrados"
        action={
          <AddButton
            onClick={() => {
              setFlash(null);
              setCreating(true);
            }}
          >
            + Registrar costo
          </AddButton>
        }
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
                    <SmallButton
                      label={`Pagar ${c.description}`}
                      disabled={paying !== null || !c.is_active}
                      onClick={() => void pay(c)}
                    >
                      {paying === c.id ? "Pagando..." : "Pagar"}
                    </SmallButton>
                  ),
                },
              ]}
            />
          )}
        </DataState>
      </Panel>
      {creating && (
        <CostFormModal
          locations={locations.list}
          onClose={() => setCreating(false)}
          onCreated={(text) => {
            setCreating(false);
            setFlash({ tone: "success", text });
            refresh();
          }}
        />
      )}
    </div>
  );
}
