import { useState } from "react";
import type { Cost, CostPaymentEntry } from "../../../api/admin-schemas";
import { billMethodLabel } from "../../../lib/billPayments";
import { formatCOP, formatDate, formatDateTime } from "../../../lib/format";
import { useIdempotencyKeys } from "../../../lib/idempotency";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { ReasonField } from "../../../lib/ui/ReasonField";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { Spinner } from "../../../lib/ui/Spinner";
import { useUndoCostPayment } from "../mutations";
import { adminQueries } from "../queries";

type Props = {
  cost: Cost;
  onClose: () => void;
  /** After an undo: the cost is due again on the date that payment settled. */
  onUndone: (message: string) => void;
};

const UNDO_REASONS = ["Pago registrado por error", "Pago registrado dos veces", "Monto equivocado"];

/**
 * A cost's payment log: who paid, when, how much and how, the due date each payment settled, and the
 * payments undone (by whom, why). The latest live payment, while the cost is still as it left it, can
 * be undone after a confirmation.
 */
export function CostPaymentsDialog({ cost, onClose, onUndone }: Props) {
  const remote = useRemoteData(adminQueries.costPayments(cost.id));
  const payments = remote.data;
  const [undoing, setUndoing] = useState<CostPaymentEntry | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useIdempotencyKeys();
  const undoPayment = useUndoCostPayment();

  async function undo(payment: CostPaymentEntry) {
    setBusy(true);
    setError(null);
    try {
      const body = { cost: cost.id, payment: payment.id, reason: reason.trim() || null };
      const answer = await keys.send(body, (key) =>
        undoPayment.mutateAsync({ costId: cost.id, paymentId: payment.id, reason: body.reason, key }),
      );
      setUndoing(null);
      setReason("");
      onUndone(`${cost.description}: ${answer.message}`);
    } catch (failure) {
      setError(failureText("Error al anular el pago", failure));
    } finally {
      setBusy(false);
    }
  }

  // only the last live payment, and only while the cost still falls due where that payment moved it
  const undoable = (p: CostPaymentEntry, all: readonly CostPaymentEntry[]) =>
    !p.undone && p.next_due_date === cost.due_date && all.find((x) => !x.undone)?.id === p.id;

  // the confirmation takes the log's place (one dialog at a time); cancelling goes back to the log
  if (undoing)
    return (
      <ConfirmDialog
        title="Anular pago"
        confirmLabel="Anular pago"
        busyLabel="Anulando..."
        busy={busy}
        error={error}
        onConfirm={() => void undo(undoing)}
        onCancel={() => {
          setUndoing(null);
          setError(null);
        }}
      >
        <p>
          ¿Anular el pago de {formatCOP(undoing.amount)} del {formatDate(undoing.paid_on)}? El costo volverá a vencer el{" "}
          {formatDate(undoing.due_date)}; el pago queda en el historial como anulado.
        </p>
        <ReasonField label="Motivo (opcional)" value={reason} onChange={setReason} suggestions={UNDO_REASONS} />
      </ConfirmDialog>
    );

  return (
    <Modal title={`Pagos · ${cost.description}`} onClose={onClose} wide closeLabel="Cerrar ventana">
      {remote.status === "loading" && <Spinner label="Cargando pagos..." />}
      {remote.status === "error" && (
        <Notice tone="error">
          Error al cargar los pagos: {remote.error}{" "}
          <button type="button" className="font-semibold underline" onClick={() => remote.reload()}>
            Reintentar
          </button>
        </Notice>
      )}
      {payments &&
        (payments.length === 0 ? (
          <p className="text-sm text-stone-600">Este costo no tiene pagos registrados.</p>
        ) : (
          <ul aria-label="Pagos del costo" className="divide-y divide-stone-100">
            {payments.map((p) => (
              <li
                key={p.id}
                data-testid="cost-payment"
                className="flex items-start justify-between gap-3 py-2.5 text-sm"
              >
                <div className="min-w-0">
                  <p className={`font-medium ${p.undone ? "text-stone-500 line-through" : "text-stone-900"}`}>
                    {formatCOP(p.amount)} · {billMethodLabel(p.payment_method)} · pagado el {formatDate(p.paid_on)}
                  </p>
                  <p className="text-xs text-stone-500">
                    {p.due_date ? `Vencimiento ${formatDate(p.due_date)}` : "Sin vencimiento"} → siguiente{" "}
                    {formatDate(p.next_due_date)} · registró {p.paid_by_name ?? "—"} el {formatDateTime(p.created_at)}
                  </p>
                  {p.note && <p className="text-xs text-stone-600">Comprobante o nota: {p.note}</p>}
                  {p.undone && (
                    <p className="text-xs text-red-700">
                      Anulado por {p.undone_by_name ?? "—"} el {formatDateTime(p.undone_at)}
                      {p.undo_reason ? ` · ${p.undo_reason}` : ""}
                    </p>
                  )}
                </div>
                <div className="shrink-0">
                  {p.undone ? (
                    <Badge tone="error">Anulado</Badge>
                  ) : undoable(p, payments) ? (
                    <SmallButton
                      danger
                      label={`Anular pago del ${formatDate(p.paid_on)}`}
                      onClick={() => {
                        setError(null);
                        setUndoing(p);
                      }}
                    >
                      Anular
                    </SmallButton>
                  ) : (
                    <Badge tone="success">Pagado</Badge>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ))}
    </Modal>
  );
}
