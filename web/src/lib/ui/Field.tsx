import type { ReactNode } from "react";
import { errorText, labelClass, mutedText } from "./classes";

type Props = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  hint?: ReactNode;
  className?: string;
};

/** A label, its control and the field's validation message (linked with aria-describedby by the caller). */
export function Field({ id, label, error, children, hint, className }: Props) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && !error && <p className={`mt-1 text-xs ${mutedText}`}>{hint}</p>}
      {error && (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that tie an input to its Field's message. */
export function described(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

/** A label for a field that may stay empty: its text, then '(opcional)' lighter. */
export function OptionalLabel({ text }: { text: string }) {
  return (
    <>
      {text} <span className="font-normal text-stone-500">(opcional)</span>
    </>
  );
}
