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
