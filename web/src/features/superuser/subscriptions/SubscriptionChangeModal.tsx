import type { Company, Plan } from "../../../api/superadmin-schemas";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Modal } from "../../../lib/ui/Modal";
import { Spinner } from "../../../lib/ui/Spinner";
import { superuserQueries } from "../queries";
import { useConsoleData } from "../useConsoleData";
import { SubscriptionChangeForm } from "./SubscriptionChangeForm";
import { SubscriptionHistory } from "./SubscriptionHistory";
import { subscriptionFromCompany } from "./subscriptionForm";

type Props = { company: Company; plans: readonly Plan[]; onClose: () => void };

/** 'Cambiar Plan' from a company card, with that company's change history below (spec 2 §2). */
export function SubscriptionChangeModal({ company, plans, onClose }: Props) {
  const history = useConsoleData(superuserQueries.subscriptionHistory(company.id));
  return (
    <Modal closeLabel="Cerrar ventana" title={`Cambiar Plan · ${company.name}`} onClose={onClose} wide>
      <SubscriptionChangeForm
        initial={subscriptionFromCompany(company)}
        companies={[company]}
        fixedCompany={company}
        plans={plans}
        onCancel={onClose}
      />
      <h3 className="mt-6 mb-2 border-t border-stone-200 pt-4 text-base font-semibold text-stone-900">
        Historial de cambios
      </h3>
      {history.error && !history.data && (
        <ErrorState title="Error al cargar datos" message={history.error} onRetry={history.reload} />
      )}
      {!history.data && !history.error && <Spinner label="Cargando historial..." />}
      {history.data && <SubscriptionHistory history={history.data} plans={plans} cancellable />}
    </Modal>
  );
}
