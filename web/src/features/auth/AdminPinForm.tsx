import { useState } from "react";
import { setAdminPin } from "../../api/catalogue";
import { type FieldErrors, PageForm, TextField, useForm } from "../../lib/ui/form";
import { Notice } from "../../lib/ui/Notice";

type Values = { pin: string; repeat: string; password: string };
const PIN_INPUT = { type: "password", inputMode: "numeric", autoComplete: "off", maxLength: 6 } as const;
const EMPTY: Values = { pin: "", repeat: "", password: "" };

function validate(v: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  if (!/^\d{4,6}$/.test(v.pin)) errors.pin = "El PIN debe tener entre 4 y 6 dígitos";
  else if (v.repeat !== v.pin) errors.repeat = "Los PIN no coinciden";
  if (!v.password) errors.password = "Escribe tu contraseña actual";
  return errors;
}

/**
 * 'PIN de autorización' in Mi cuenta (administradores): the PIN typed on a seller's phone to authorise a
 * sale off the catalogue price. Confirmed with the password; never shown again.
 */
export function AdminPinForm() {
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    initial: EMPTY,
    validate,
    failurePrefix: "No se pudo guardar el PIN",
    submit: async (v) => {
      setSaved(false);
      await setAdminPin({ pin: v.pin, current_password: v.password });
      form.setValues(EMPTY);
      form.setBusy(false);
      form.setFailure(null);
      setSaved(true);
    },
  });
  const { bind } = form;
  return (
    <PageForm form={form} submitLabel="Guardar PIN" label="PIN de autorización">
      <h3 className="font-semibold text-stone-900">PIN de autorización</h3>
      <p className="text-sm text-stone-600">
        Con este PIN autorizas en el teléfono del vendedor una venta a un precio distinto al del catálogo. Queda
        registrado quién autorizó, el precio y el motivo.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Nuevo PIN (4 a 6 dígitos)" {...bind("pin")} {...PIN_INPUT} />
        <TextField label="Repite el PIN" {...bind("repeat")} {...PIN_INPUT} />
      </div>
      <TextField label="Contraseña actual" {...bind("password")} type="password" autoComplete="current-password" />
      {saved && <Notice tone="success">PIN guardado</Notice>}
    </PageForm>
  );
}
