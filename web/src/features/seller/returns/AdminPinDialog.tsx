import { type FormEvent, useState } from "react";
import { FormModal, TextField } from "../../../lib/ui/form";

type Props = {
  /** Why the PIN is asked: the server's words (how old the sale is, the company's window). */
  reason: string;
  busy: boolean;
  /** The last try's failure as the server said it ('PIN de administrador incorrecto'). */
  failure: string | null;
  onClose: () => void;
  onAuthorise: (pin: string) => void;
};

const PIN = /^\d{4,6}$/;

/**
 * 'Autorización de administrador': a sale past the return window needs an administrador to type their
 * PIN on the seller's phone; the return is sent again with it.
 */
export function AdminPinDialog({ reason, busy, failure, onClose, onAuthorise }: Props) {
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!PIN.test(pin)) {
      setError("El PIN tiene entre 4 y 6 dígitos");
      return;
    }
    onAuthorise(pin);
  }

  return (
    <FormModal
      title="Autorización de administrador"
      onClose={onClose}
      form={{ onSubmit: submit, failure, busy }}
      submitLabel="Autorizar y registrar"
      busyLabel="Verificando PIN..."
    >
      <p className="text-sm text-stone-700">{reason}</p>
      <TextField
        label="PIN del administrador *"
        value={pin}
        error={error}
        onChange={(v) => {
          setPin(v.replace(/\D/g, ""));
          setError(undefined);
        }}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
      />
    </FormModal>
  );
}
