import { getBoss } from "../../../api/superadmin";
import type { Company } from "../../../api/superadmin-schemas";
import { formatDateTime } from "../../../lib/format";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Modal } from "../../../lib/ui/Modal";
import { Spinner } from "../../../lib/ui/Spinner";
import { useLoad } from "../useLoad";

type Props = { company: Company; onClose: () => void; onChange: () => void };

/** 'Ver Boss': the company's boss with its created and updated dates. */
export function BossDetailsModal({ company, onClose, onChange }: Props) {
  const boss = useLoad("boss", String(company.id), (signal) => getBoss(company.id, signal));
  const b = boss.data;
  return (
    <Modal closeLabel="Cerrar ventana" title={`Boss de ${company.name}`} onClose={onClose}>
      {boss.error && !b && <ErrorState title="Error al cargar datos" message={boss.error} onRetry={boss.reload} />}
      {!b && !boss.error && <Spinner />}
      {b && (
        <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="boss-details">
          <div>
            <dt className="text-stone-500">Nombre</dt>
            <dd className="font-semibold text-stone-900">{b.full_name}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Email</dt>
            <dd className="font-semibold break-words text-stone-900">{b.email}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Empresa</dt>
            <dd className="font-semibold text-stone-900">{company.name}</dd>
          </div>
          <div>
            <dt className="text-stone-500">ID de usuario</dt>
            <dd className="font-semibold text-stone-900">{b.id}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Creado</dt>
            <dd className="font-semibold text-stone-900">{formatDateTime(b.created_at)}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Actualizado</dt>
            <dd className="font-semibold text-stone-900">{formatDateTime(b.updated_at)}</dd>
          </div>
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
