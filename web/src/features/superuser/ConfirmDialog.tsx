import { Modal } from "./Modal";
import { dangerButton, secondaryButton } from "./ui";

type Props = {
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that cannot be undone (spec 2 §5: deleting a company asks for confirmation). */
export function ConfirmDialog({ title, message, confirmLabel, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p className="text-sm text-stone-700">{message}</p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className={dangerButton}>
          {busy ? "Procesando..." : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
