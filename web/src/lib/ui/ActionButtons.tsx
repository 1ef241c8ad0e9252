type Action = {
  label: string;
  onClick: () => void;
  /** The button's class (accentButton, dangerButton…). */
  className: string;
  /** Whether the action applies to this item. */
  show: boolean;
  disabled?: boolean;
  /** The accessible name, where the label alone does not say which item it acts on. */
  ariaLabel?: string;
};

/** A card's row of actions described as data: the ones that apply, in order; nothing when none does. */
export function ActionButtons({ className, actions }: { className: string; actions: readonly Action[] }) {
  const shown = actions.filter((a) => a.show);
  if (shown.length === 0) return null;
  return (
    <div className={className}>
      {shown.map((a) => (
        <button
          key={a.label}
          type="button"
          disabled={a.disabled}
          onClick={a.onClick}
          className={a.className}
          aria-label={a.ariaLabel}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}
