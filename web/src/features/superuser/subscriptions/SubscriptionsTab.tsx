import { type KeyboardEvent, useId, useState } from "react";
import { listCompanies, listPlans, subscriptionHistory } from "../../../api/superadmin";
import { bareInputClass, cardClass, labelClass, secondaryButton } from "../../../lib/ui/classes";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Spinner } from "../../../lib/ui/Spinner";
import { useLoad } from "../useLoad";
import { SubscriptionChangeForm } from "./SubscriptionChangeForm";
import { SubscriptionHistory } from "./SubscriptionHistory";
import { subscriptionDefaults } from "./subscriptionForm";

/** Subscriptions: the 'Cambiar Plan' form and the change history of a company looked up by id. */
export function SubscriptionsTab() {
  const id = useId();
  const companies = useLoad("companies", "all", (signal) => listCompanies({}, signal));
  const plans = useLoad("plans", "active", (signal) => listPlans(true, signal));
  const [idText, setIdText] = useState("");
  const [lookup, setLookup] = useState<{ companyId: number; version: number } | null>(null);
  const [idError, setIdError] = useState<string | null>(null);

  const history = useLoad("subscription-history", lookup ? `${lookup.companyId}:${lookup.version}` : null, (signal) =>
    lookup ? subscriptionHistory(lookup.companyId, signal) : Promise.resolve([]),
  );

  const show = (companyId: number) => {
    setIdText(String(companyId));
    setIdError(null);
    setLookup((current) => ({ companyId, version: (current?.version ?? 0) + 1 }));
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
  const looked = lookup ? list.find((c) => c.id === lookup.companyId) : undefined;
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
            onChanged={(companyId) => {
              companies.reload();
              show(companyId);
            }}
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
          {lookup && (
            <p className="mb-3 text-sm font-medium text-stone-800">
              {looked ? `${looked.name} · ID ${looked.id}` : `Empresa ID ${lookup.companyId}`}
            </p>
          )}
          {lookup && history.error && (
            <ErrorState title="Error al cargar datos" message={history.error} onRetry={history.reload} />
          )}
          {lookup && history.loading && !history.error && <Spinner label="Cargando historial..." />}
          {lookup && !history.loading && !history.error && history.data && (
            <SubscriptionHistory
              history={history.data}
              plans={plans.data ?? []}
              onChanged={() => lookup && show(lookup.companyId)}
            />
          )}
        </div>
      </section>
    </div>
  );
}
