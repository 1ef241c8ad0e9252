import { secondaryButton } from "../../lib/ui/classes";

/** Every sub-view's way home (spec 1 §2); the area clears scanned and prefilled state on the way. */
export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" onClick={onBack} className={`${secondaryButton} mb-4`}>
      <span aria-hidden="true">←</span> Volver al Dashboard
    </button>
  );
}
