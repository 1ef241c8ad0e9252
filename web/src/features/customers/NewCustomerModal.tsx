import { DATA_CONSENT_TEXT, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from "../../../../shared/constants";
import { NIT_EXAMPLE, nitProblem } from "../../../../shared/nit";
import { type Customer, createCustomer, type NewCustomer } from "../../api/customers";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { CheckboxField, type FieldErrors, FormModal, SelectField, TextField, useForm } from "../../lib/ui/form";

export const CONSENT_MISSING =
  "Sin la autorización de tratamiento de datos (Ley 1581 de 2012) no se puede registrar al cliente";

type Values = {
  name: string;
  document_type: NewCustomer["document_type"];
  document_number: string;
  phone: string;
  email: string;
  data_consent: boolean;
};

const DOCUMENT_OPTIONS = DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] }));

function validate(values: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  if (values.name.trim() === "") errors.name = "Escribe el nombre del cliente";
  if (values.document_number.trim() === "") errors.document_number = "Escribe el número de documento del cliente";
  else if (values.document_type === "NIT") {
    // the DIAN check digit, as the server checks it (shared/nit.ts)
    const nit = nitProblem(values.document_number);
    if (nit) errors.document_number = nit;
  }
  if (values.email.trim() !== "" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    errors.email = "El correo no es válido";
  }
  if (!values.data_consent) errors.data_consent = CONSENT_MISSING;
  return errors;
}

type Props = {
  /** What the seller typed in the search: a number starts the document (or the phone when it looks like a mobile). */
  initialSearch?: string;
  onClose: () => void;
  onCreated: (customer: Customer) => void;
};

/**
 * 'Nuevo cliente': name, document, phone, e-mail and the customer's explicit authorisation to process
 * their data (Ley 1581 de 2012), unchecked until the seller ticks it with the customer. The server checks
 * the document for its type (a NIT's check digit) and answers in Spanish.
 */
export function NewCustomerModal({ initialSearch = "", onClose, onCreated }: Props) {
  const keys = useIdempotencyKeys();
  const typed = initialSearch.replace(/[\s.+-]/g, "");
  const looksLikeMobile = /^(57)?3\d{9}$/.test(typed);
  const form = useForm<Values>({
    initial: {
      name: /\d/.test(initialSearch) ? "" : initialSearch.trim(),
      document_type: "CC",
      document_number: /^\d+$/.test(typed) && !looksLikeMobile ? typed : "",
      phone: looksLikeMobile ? typed : "",
      email: "",
      data_consent: false,
    },
    validate,
    failurePrefix: "No se pudo registrar al cliente",
    submit: async (values) => {
      const body: NewCustomer = {
        name: values.name.trim(),
        document_type: values.document_type,
        document_number: values.document_number.trim(),
        phone: values.phone.trim() || null,
        email: values.email.trim() || null,
        data_consent: values.data_consent,
      };
      const answer = await keys.send(body, (key) => createCustomer(body, key));
      onCreated(answer.customer);
    },
  });
  const { values, errors, set, bind } = form;
  return (
    <FormModal
      title="Nuevo cliente"
      submitLabel="Registrar cliente"
      busyLabel="Registrando..."
      onClose={onClose}
      form={form}
    >
      <TextField label="Nombre o razón social" autoComplete="off" {...bind("name")} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label="Tipo de documento"
          value={values.document_type}
          onChange={(value) => set("document_type", value as Values["document_type"])}
          options={DOCUMENT_OPTIONS}
        />
        <TextField
          label="Número de documento"
          inputMode={values.document_type === "CC" || values.document_type === "NIT" ? "numeric" : "text"}
          hint={values.document_type === "NIT" ? `Con el dígito de verificación: ${NIT_EXAMPLE}` : undefined}
          autoComplete="off"
          {...bind("document_number")}
        />
      </div>
      <TextField label="Celular o teléfono" type="tel" inputMode="tel" autoComplete="off" {...bind("phone")} />
      <TextField
        label="Correo (para la factura electrónica)"
        type="email"
        inputMode="email"
        autoComplete="off"
        {...bind("email")}
      />
      <div className="rounded-lg border border-stone-200 bg-stone-50 p-3">
        <CheckboxField
          label="El cliente autoriza el tratamiento de sus datos personales"
          checked={values.data_consent}
          onChange={(checked) => set("data_consent", checked)}
          large
        />
        <p className="mt-2 text-xs text-stone-600">{DATA_CONSENT_TEXT}</p>
        {errors.data_consent && (
          <p className="mt-2 text-sm font-medium text-red-700" role="alert">
            {errors.data_consent}
          </p>
        )}
      </div>
    </FormModal>
  );
}
