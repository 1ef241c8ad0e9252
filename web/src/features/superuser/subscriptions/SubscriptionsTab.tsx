import { type KeyboardEvent, useId, useState } from "react";
import { bareInputClass, cardClass, labelClass, secondaryButton } from "../../../lib/ui/classes";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Spinner } from "../../../lib/ui/Spinner";
import { superuserQueries } from "../queries";
import { useConsoleData } from "../useConsoleData";
import { SubscriptionChangeForm } from "./SubscriptionChangeForm";
import { SubscriptionHistory } from "./SubscriptionHistory";
import { subscriptionDefaults } from "./subscriptionForm";

/** Subscriptions: the 'Cambiar Plan' form and the change history of a company looked up by id. */
export function SubscriptionsTab() {
  const id = useId();
  const companies = useConsoleData(superuserQueries.companies());
  const plans = useConsoleData(superuserQueries.plans());
  const [idText, setIdText] = useState("");
  const [lookup, setLookup] = useState<number | null>(null);
  const [idError, setIdError] = useState<string | null>(null);

  const history = useConsoleData({ ...superuserQueries.subscriptionHistory(lookup ?? 0), enabled: lookup !== null });

  /** Looking the same company up again asks the server again. */
  const show = (companyId: number) => {
    setIdText(String(companyId));
    setIdError(null);
    if (companyId === lookup) history.reload();
    else setLookup(companyId);
  };

  const search = () => {
    const value = Number(idText.trim());
    if (!Number.isInteger(value) || value < 1) {
      setIdError("Escribe el ID numérico de la empresa");
      return;
    }
    show(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      search();
    }
  };

  const list = companies.data?.companies ?? [];
  const looked = lookup === null ? undefined : list.find((c) => c.id === lookup);
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section aria-label="Cambiar Plan" className={cardClass}>
        <h2 className="mb-4 text-lg font-semibold text-stone-900">Cambiar Plan</h2>
        {companies.error && !companies.data && (
          <ErrorState title="Error al cargar datos" message={companies.error} onRetry={companies.reload} />
        )}
        {(!companies.data || (!plans.data && !plans.error)) && !companies.error && (
          <Spinner label="Cargando empresas..." />
        )}
        {/* the form starts from the basic plan's template, so it waits for the plans (or their failure) */}
        {companies.data && (plans.data || plans.error) && (
          <SubscriptionChangeForm
            initial={subscriptionDefaults(plans.data ?? [])}
            companies={list}
            plans={plans.data ?? []}
            onChanged={show}
          />
        )}
      </section>

      <section aria-label="Historial de cambios" className={cardClass}>
        <h2 className="mb-4 text-lg font-semibold text-stone-900">Historial de cambios</h2>
        <label htmlFor={`${id}-company`} className={labelClass}>
          ID de empresa
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-company`}
            inputMode="numeric"
            className={bareInputClass}
            placeholder="Ej.: 12 y pulsa Enter"
            value={idText}
            onChange={(e) => setIdText(e.target.value)}
            onKeyDown={onKeyDown}
            enterKeyHint="search"
          />
          <button type="button" onClick={search} className={secondaryButton}>
            Buscar
          </button>
        </div>
        {idError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {idError}
          </p>
        )}
        <div className="mt-4">
          {!lookup && <p className="text-sm text-stone-600">Escribe el ID de una empresa y pulsa Enter.</p>}
          {lookup !== null && (
            <p className="mb-3 text-sm font-medium text-stone-800">
              {looked ? `${looked.name} · ID ${looked.id}` : `Empresa ID ${lookup}`}
            </p>
          )}
          {lookup !== null && history.error && (
            <ErrorState title="Error al cargar datos" message={history.error} onRetry={history.reload} />
          )}
          {lookup !== null && history.busy && !history.error && <Spinner label="Cargando historial..." />}
          {lookup !== null && !history.busy && !history.error && history.data && (
            <SubscriptionHistory history={history.data} plans={plans.data ?? []} cancellable />
          )}
        </div>
      </section>
    </div>
  );
}
