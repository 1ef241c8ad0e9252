import type { ReactNode } from "react";
import { accentButton, dangerButton, secondaryButton } from "./classes";
import { Modal } from "./Modal";

type Props = {
  title: string;
  /** The question; `children` for richer content. */
  message?: string;
  children?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Deleting is red; sending a logistics step is the accent colour. */
  tone?: "danger" | "accent";
  cancelLabel?: string;
  busyLabel?: string;
  closeLabel?: string;
};

/** Asks before an action that cannot be undone (deleting asks for confirmation). */
export function ConfirmDialog({
  title,
  message,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
  tone = "danger",
  cancelLabel = "Cancelar",
  busyLabel = "Procesando...",
  closeLabel,
}: Props) {
  return (
    <Modal title={title} onClose={onCancel} closeLabel={closeLabel}>
      {message && <p className="text-sm text-stone-700">{message}</p>}
      {children && <div className="space-y-3 text-sm text-stone-800">{children}</div>}
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={tone === "accent" && busy} className={secondaryButton}>
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className={tone === "danger" ? dangerButton : accentButton}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** A logistics step confirmed (receive, cancel, decline): accent colour, 'Volver' and 'Enviando...'. */
export function StepConfirmDialog(props: Omit<Props, "tone" | "cancelLabel" | "busyLabel">) {
  return <ConfirmDialog tone="accent" cancelLabel="Volver" busyLabel="Enviando..." {...props} />;
}
