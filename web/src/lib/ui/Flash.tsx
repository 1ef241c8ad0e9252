import type { ReactNode } from "react";
import { accentButton } from "./classes";
import { Notice, type NoticeTone } from "./Notice";

/** The outcome line of a section's last action. */
export type Flash = { tone: NoticeTone; text: string };

/** The section's last outcome, closable; nothing while there is none. */
export function FlashNotice({ flash, onClose }: { flash: Flash | null; onClose: () => void }) {
  if (!flash) return null;
  return (
    <Notice tone={flash.tone} onClose={onClose}>
      {flash.text}
    </Notice>
  );
}

type AddButtonProps = { children: ReactNode; onClick: () => void; disabled?: boolean };

/** The accent button of a panel's header that opens a create form ('+ Crear usuario'). */
export function AddButton({ children, onClick, disabled }: AddButtonProps) {
  return (
    <button type="button" className={accentButton} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
