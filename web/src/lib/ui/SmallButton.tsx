import type { ReactNode } from "react";
import { dangerSmallButton, smallButton } from "./classes";

type Props = {
  /** The accessible name that says which row ('Editar Ana Pérez'); the text alone may repeat down the list. */
  label?: string;
  onClick: () => void;
  disabled?: boolean;
  /** Outlined red, for a destructive action. */
  danger?: boolean;
  children: ReactNode;
};

/** A compact button: the actions of a table row, a list item or a card, and small tools beside a control. */
export function SmallButton({ label, onClick, disabled, danger = false, children }: Props) {
  return (
    <button
      type="button"
      className={danger ? dangerSmallButton : smallButton}
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
