import { useState } from "react";
import { accentButton } from "../../../lib/ui/classes";
import { CheckboxField } from "../../../lib/ui/form";
import { CardGrid } from "../../../lib/ui/ItemList";
import { ConsoleState } from "../ConsoleState";
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
        <CheckboxField
          label="Incluir planes inactivos"
          checked={!activeOnly}
          onChange={(checked) => setActiveOnly(!checked)}
          className="flex items-center gap-2 text-sm text-stone-700"
        />
        <button type="button" onClick={() => setCreating(true)} className={accentButton}>
          Nuevo Plan
        </button>
      </div>
      <ConsoleState live={plans} loadingLabel="Cargando planes...">
        {(shown) => (
          <CardGrid
            items={shown}
            empty="No hay planes para mostrar"
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {(plan) => <PlanCard key={plan.id} plan={plan} />}
          </CardGrid>
        )}
      </ConsoleState>
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
