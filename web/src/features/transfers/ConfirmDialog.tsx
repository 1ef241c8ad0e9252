import type { ReactNode } from "react";
import { Modal } from "./Modal";
import { accentButton, secondaryButton } from "./ui";

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A confirmation prompt before an action that cannot be undone. */
export function ConfirmDialog({ title, children, confirmLabel, busy, error, onConfirm, onCancel }: Props) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} disabled={busy} className={secondaryButton}>
            Volver
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className={accentButton}>
            {busy ? "Enviando..." : confirmLabel}
          </button>
        </div>
      }
    >
      <div className="space-y-3 text-sm text-stone-800">{children}</div>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </Modal>
  );
}
