import { useState } from "react";
import { accentButton } from "../../../lib/ui/classes";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Spinner } from "../../../lib/ui/Spinner";
import { superuserQueries } from "../queries";
import { useConsoleData } from "../useConsoleData";
import { PlanCard } from "./PlanCard";
import { PlanFormModal } from "./PlanFormModal";
import { knownFeatures } from "./planForm";

/** Plans: the grid of plan templates and 'Nuevo Plan' (active plans only unless asked, spec 2 §9). */
export function PlansTab() {
  const [activeOnly, setActiveOnly] = useState(true);
  const [creating, setCreating] = useState(false);
  const plans = useConsoleData(superuserQueries.plans(activeOnly));
  const list = plans.data ?? [];

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            className="size-4 accent-orange-600"
            checked={!activeOnly}
            onChange={(e) => setActiveOnly(!e.target.checked)}
          />
          Incluir planes inactivos
        </label>
        <button type="button" onClick={() => setCreating(true)} className={accentButton}>
          Nuevo Plan
        </button>
      </div>
      {plans.error && !plans.data && (
        <ErrorState title="Error al cargar datos" message={plans.error} onRetry={() => plans.reload()} />
      )}
      {!plans.data && !plans.error && <Spinner label="Cargando planes..." />}
      {plans.data &&
        (list.length === 0 ? (
          <EmptyState text="No hay planes para mostrar" />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </div>
        ))}
      {creating && (
        <PlanFormModal
          featureKeys={knownFeatures(list)}
          plans={list}
          onClose={() => setCreating(false)}
          onSaved={() => setCreating(false)}
        />
      )}
    </div>
  );
}
