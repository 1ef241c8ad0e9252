import type { ReactNode } from "react";

/** The full-screen black dialog 'Cámara' that holds a live camera and its controls. */
export function CameraDialog({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Cámara"
      className="fixed inset-0 z-50 flex flex-col bg-black text-white"
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** The dialog's title bar with its × (which also stops the camera: `onClose` does both). */
export function CameraHeader({
  title,
  closeLabel,
  onClose,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <div className="flex items-center justify-between px-4 py-3">
      <p className="font-semibold">{title}</p>
      <button
        type="button"
        onClick={onClose}
        className="rounded-full px-3 py-1 text-2xl leading-none"
        aria-label={closeLabel}
      >
        ×
      </button>
    </div>
  );
}
