type Props = {
  /** The call runs: the button is off and says `busyLabel`. */
  busy: boolean;
  label: string;
  busyLabel: string;
  className: string;
  /** Also off while the form is not ready. */
  disabled?: boolean;
};

/** A form's submit that says what is happening while its call runs ('Enviando...'). */
export function SubmitButton({ busy, label, busyLabel, className, disabled = false }: Props) {
  return (
    <button type="submit" disabled={busy || disabled} className={className}>
      {busy ? busyLabel : label}
    </button>
  );
}
