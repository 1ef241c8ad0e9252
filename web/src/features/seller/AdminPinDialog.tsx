import { type FormEvent, useState } from "react";
import { FormModal, TextField } from "../../lib/ui/form";

type Props = {
  /** Why the PIN is asked: the server's words (how old the sale is, the company's window). */
  reason: string;
  busy: boolean;
  /** The last try's failure as the server said it ('PIN de administrador incorrecto'). */
  failure: string | null;
  /** A cash exit the drawer cannot pay: the administrador also says why they cover it. */
  askReason?: boolean;
  onClose: () => void;
  onAuthorise: (pin: string, why: string | null) => void;
};

const PIN = /^\d{4,6}$/;

/**
 * 'Autorización de administrador': a sale past the return window, or a cash exit the drawer cannot pay
 * (a refund, an expense, a cash-out), needs an administrador to type their PIN on the seller's phone
 * (and, for the cash, why); the same request is sent again with it. The PIN lives in this dialog and the
 * one request only: never stored on the phone.
 */
export function AdminPinDialog({ reason, busy, failure, askReason = false, onClose, onAuthorise }: Props) {
  const [pin, setPin] = useState("");
  const [why, setWhy] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [whyError, setWhyError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!PIN.test(pin)) {
      setError("El PIN tiene entre 4 y 6 dígitos");
      return;
    }
    if (askReason && !why.trim()) {
      setWhyError("Escribe el motivo por el que el administrador autoriza la salida de efectivo");
      return;
    }
    onAuthorise(pin, askReason ? why.trim() : null);
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
      {askReason && (
        <TextField
          label="Motivo de la autorización *"
          value={why}
          error={whyError}
          maxLength={200}
          onChange={(v) => {
            setWhy(v);
            setWhyError(undefined);
          }}
          placeholder="Ej. Falta efectivo; la administración lo repone"
        />
      )}
    </FormModal>
  );
}
