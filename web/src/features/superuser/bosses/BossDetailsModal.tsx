import type { Company } from "../../../api/superadmin-schemas";
import { formatDateTime } from "../../../lib/format";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Modal } from "../../../lib/ui/Modal";
import { Spinner } from "../../../lib/ui/Spinner";
import { superuserQueries } from "../queries";
import { useConsoleData } from "../useConsoleData";

type Props = { company: Company; onClose: () => void; onChange: () => void };

/** 'Ver Boss': the company's boss with its created and updated dates. */
export function BossDetailsModal({ company, onClose, onChange }: Props) {
  const boss = useConsoleData(superuserQueries.boss(company.id));
  const b = boss.data;
  return (
    <Modal closeLabel="Cerrar ventana" title={`Boss de ${company.name}`} onClose={onClose}>
      {boss.error && !b && <ErrorState title="Error al cargar datos" message={boss.error} onRetry={boss.reload} />}
      {!b && !boss.error && <Spinner />}
      {b && (
        <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="boss-details">
          {[
            { label: "Nombre", value: b.full_name },
            { label: "Email", value: b.email, breaks: true },
            { label: "Empresa", value: company.name },
            { label: "ID de usuario", value: b.id },
            { label: "Creado", value: formatDateTime(b.created_at) },
            { label: "Actualizado", value: formatDateTime(b.updated_at) },
          ].map(({ label, value, breaks }) => (
            <div key={label}>
              <dt className="text-stone-500">{label}</dt>
              <dd className={breaks ? "font-semibold break-words text-stone-900" : "font-semibold text-stone-900"}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cerrar
        </button>
        <button type="button" onClick={onChange} className={accentButton}>
          Cambiar Boss
        </button>
      </div>
    </Modal>
  );
}
