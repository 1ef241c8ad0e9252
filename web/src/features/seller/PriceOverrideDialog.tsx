import { authorisePrice, type PriceOverride } from "../../api/catalogue";
import { formatCOP } from "../../lib/format";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { type FieldErrors, FormModal, NumberField, TextField, useForm } from "../../lib/ui/form";

type Values = { price: string; reason: string; pin: string };
const ACTIONS = { submitLabel: "Autorizar precio", busyLabel: "Verificando PIN..." };

type Props = {
  reference: string;
  cataloguePrice: number;
  onClose: () => void;
  onAuthorised: (override: PriceOverride) => void;
};

function validate(v: Values, cataloguePrice: number): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  const price = Number(v.price);
  if (!(price > 0)) errors.price = "Indica el nuevo precio";
  else if (price === cataloguePrice) errors.price = "Es el mismo precio del catálogo";
  if (!v.reason.trim()) errors.reason = "Indica el motivo del cambio";
  if (!/^\d{4,6}$/.test(v.pin)) errors.pin = "El PIN tiene entre 4 y 6 dígitos";
  return errors;
}

/**
 * 'Cambiar precio': an administrador types their PIN on the seller's phone to authorise this product at
 * another price, with a reason. The authorisation is for this seller, one sale line, 30 minutes.
 */
export function PriceOverrideDialog({ reference, cataloguePrice, onClose, onAuthorised }: Props) {
  const idempotency = useIdempotencyKeys();
  const form = useForm<Values>({
    initial: { price: "", reason: "", pin: "" },
    validate: (v) => validate(v, cataloguePrice),
    failurePrefix: "No se autorizó el precio",
    submit: async (v) => {
      const request = {
        sneaker_reference_code: reference,
        new_price: Number(v.price),
        reason: v.reason.trim(),
        admin_pin: v.pin,
      };
      const answer = await idempotency.send(request, (key) => authorisePrice(request, key));
      onAuthorised(answer.override);
    },
  });
  const { values, errors, set, bind } = form;
  return (
    <FormModal title="Cambiar precio" onClose={onClose} form={form} {...ACTIONS}>
      <p className="text-sm text-stone-600">
        {reference}: precio de catálogo <strong>{formatCOP(cataloguePrice)}</strong>. Un administrador debe autorizar el
        nuevo precio con su PIN.
      </p>
      <NumberField label="Nuevo precio (COP) *" {...bind("price")} />
      <TextField label="Motivo *" {...bind("reason")} placeholder="Ej. par de exhibición con detalle" />
      <TextField
        label="PIN del administrador *"
        value={values.pin}
        error={errors.pin}
        onChange={(v) => set("pin", v.replace(/\D/g, ""))}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
      />
    </FormModal>
  );
}
