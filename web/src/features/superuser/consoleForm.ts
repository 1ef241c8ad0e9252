import { type FormEvent, useId, useState } from "react";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { errorText, useFeedback } from "./feedback";

/** A mistake in the form itself, shown next to the buttons without a notice. */
export class FormError extends Error {}

/** A form rule's verdict: the value to send, or why not. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The checked value, or a FormError with the rule's message. */
export function sendable<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new FormError(checked.message);
  return checked.value;
}

/**
 * A console form's values, input ids and idempotency keys, and a submit that runs `save` and reports
 * the text it returns. A FormError shows as it is, a refused call as 'Error: …', next to the buttons;
 * the form then stays open.
 */
export function useConsoleForm<V>(initial: V | (() => V)) {
  const id = useId();
  const feedback = useFeedback();
  const idempotency = useIdempotencyKeys();
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((current) => ({ ...current, [key]: value }));
  const field = (key: string) => `${id}-${key}`;
  const submit = (save: () => Promise<string>, done: () => void) => async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      feedback.success(await save());
      done();
    } catch (failure) {
      setError(failure instanceof FormError ? failure.message : errorText(failure));
      setSaving(false);
    }
  };
  return { values, setValues, set, field, error, setError, saving, setSaving, idempotency, submit };
}
