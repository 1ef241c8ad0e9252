import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useCallback,
  useId,
  useState,
} from "react";
import { failureText } from "../query/useRemoteData";
import { accentButton, compactInputClass, dangerButton, inputClass, primaryButton, secondaryButton } from "./classes";
import { described, Field, OptionalLabel } from "./Field";
import { Modal } from "./Modal";
import { Notice } from "./Notice";
import { SubmitButton } from "./SubmitButton";

// re-exported: the forms import their pieces from one place; the login form imports FormFailure.tsx alone
export { FormFailure } from "./FormFailure";

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

type FormOptions<V> = {
  initial: V | (() => V);
  validate: (values: V) => FieldErrors<V>;
  /** The call; resolving means done (the caller usually closes the form, so `busy` stays on). */
  submit: (values: V) => Promise<void>;
  /** Prefix of the failure line: 'Error al crear usuario' gives 'Error al crear usuario: <detail>'. */
  failurePrefix: string;
};

/**
 * A form's values and per-field errors (editing a field clears its error), and a submit that
 * validates first and then runs the call, showing 'prefix: detail' when it fails.
 */
export function useForm<V>({ initial, validate, submit, failurePrefix }: FormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await submit(values);
    } catch (error) {
      setFailure(failureText(failurePrefix, error));
      setBusy(false);
    }
  }

  /** A text control bound to one string of the values: `<TextField label="Marca" {...bind("brand")} />`. */
  function bind<K extends { [P in keyof V]: V[P] extends string ? P : never }[keyof V]>(key: K) {
    return {
      value: values[key] as string,
      error: errors[key],
      onChange: (value: string) => set(key, value as V[K]),
    };
  }

  return { values, setValues, errors, setErrors, set, bind, failure, setFailure, busy, setBusy, onSubmit };
}

export type Labelled = {
  /** The control's id; one of its own when none is given (only needed where something else points at it). */
  id?: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** The smaller control of filter bars. */
  compact?: boolean;
};

/** A labelled text control's props: a string value, the label's, and the element's own attributes. */
type ControlProps<A> = Labelled & { value: string; onChange: (value: string) => void } & Omit<
    A,
    "id" | "value" | "onChange" | "className"
  >;

type TextFieldProps = ControlProps<InputHTMLAttributes<HTMLInputElement>>;

/** A labelled field's props split three ways: the label's, the control's (id, class, link to its message), the rest. */
function useSplit<P extends Labelled>({ id: given, label, error, hint, className, compact, ...rest }: P) {
  const own = useId();
  const id = given ?? own;
  const control = { id, className: compact ? compactInputClass : inputClass, ...described(id, error) };
  return { field: { id, label, error, hint, className }, control, rest };
}

/** A labelled input (text, e-mail, password, number, date, money as digits) with its message. */
export function TextField({ value, onChange, ...props }: TextFieldProps) {
  const { field, control, rest } = useSplit(props);
  return (
    <Field {...field}>
      <input {...control} value={value} onChange={(e) => onChange(e.target.value)} {...rest} />
    </Field>
  );
}

type NumberFieldProps = Omit<TextFieldProps, "type" | "inputMode"> & {
  /** Amounts with cents: the decimal keyboard and steps of 0.01; whole numbers otherwise. */
  decimal?: boolean;
};

/** A labelled number input (counts, prices): never below zero unless `min` says otherwise. */
export function NumberField({ decimal = false, min = 0, step = decimal ? 0.01 : 1, ...props }: NumberFieldProps) {
  return <TextField type="number" inputMode={decimal ? "decimal" : "numeric"} min={min} step={step} {...props} />;
}

type TextAreaFieldProps = ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>;

/** A labelled textarea (notes, descriptions) with its message. */
export function TextAreaField({ value, onChange, ...props }: TextAreaFieldProps) {
  const { field, control, rest } = useSplit(props);
  return (
    <Field {...field}>
      <textarea {...control} value={value} onChange={(e) => onChange(e.target.value)} {...rest} />
    </Field>
  );
}

export type Option = { value: string | number; label: string };

/** The choices of a list of named records (locations, users): the id as the value, the name as the label. */
export function namedOptions(list: readonly { id: string | number; name: string }[]): Option[] {
  return list.map((item) => ({ value: item.id, label: item.name }));
}

type SelectFieldProps = Labelled & {
  value: string | number;
  onChange: (value: string) => void;
  /** The choices; or `children` for hand-written options (groups, extra attributes). */
  options?: readonly Option[];
  children?: ReactNode;
  /** The empty first choice ('Selecciona un rol'). */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "value" | "onChange" | "className">;

/** A labelled select with its message. */
export function SelectField({ value, onChange, options = [], placeholder, children, ...props }: SelectFieldProps) {
  const { field, control, rest } = useSplit(props);
  return (
    <Field {...field}>
      <select {...control} value={value} onChange={(e) => onChange(e.target.value)} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </Field>
  );
}

type FormActionsProps = {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  /** The submit's text while the call runs. */
  busyLabel?: string;
  cancelLabel?: string;
  /** The submit is also off while the form is not ready. */
  disabled?: boolean;
  /** The submit's colour: accent (default), primary, or danger for a destructive step. */
  tone?: "accent" | "primary" | "danger";
};

const SUBMIT_TONE = { accent: accentButton, primary: primaryButton, danger: dangerButton } as const;

/** Cancel and submit, stacked on phones (submit on top), right-aligned on larger screens. */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel = "Guardando...",
  cancelLabel = "Cancelar",
  disabled = false,
  tone = "accent",
}: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} className={secondaryButton}>
        {cancelLabel}
      </button>
      <SubmitButton
        busy={busy}
        disabled={disabled}
        label={submitLabel}
        busyLabel={busyLabel}
        className={SUBMIT_TONE[tone]}
      />
    </div>
  );
}

type PageFormProps = {
  form: FormState;
  submitLabel: string;
  busyLabel?: string;
  /** The form's accessible name. */
  label?: string;
  className?: string;
  children: ReactNode;
};

/** A form shown in the page (not a dialog): its fields, the failure of the last submit and the submit button. */
export function PageForm({
  form,
  submitLabel,
  busyLabel = "Guardando...",
  label,
  className = "space-y-3",
  children,
}: PageFormProps) {
  return (
    <form noValidate onSubmit={(e) => void form.onSubmit(e)} className={className} aria-label={label}>
      {children}
      {form.failure && <Notice tone="error">{form.failure}</Notice>}
      <div className="flex justify-end">
        <SubmitButton busy={form.busy} label={submitLabel} busyLabel={busyLabel} className={accentButton} />
      </div>
    </form>
  );
}

/** What a dialog's form shows of its call: `useForm`'s result, or the same three values kept by hand. */
export type FormState = {
  onSubmit: (event: FormEvent) => Promise<void> | void;
  failure: string | null;
  busy: boolean;
};

type FormModalProps = Omit<FormActionsProps, "onCancel" | "busy"> & {
  title: string;
  onClose: () => void;
  form: FormState;
  children: ReactNode;
  wide?: boolean;
  closeLabel?: string;
};

/** A dialog holding one form: its fields, the failure of the last submit, cancel and submit. */
export function FormModal({ title, onClose, form, children, wide, closeLabel, ...actions }: FormModalProps) {
  return (
    <Modal title={title} onClose={onClose} wide={wide} closeLabel={closeLabel}>
      <form
        noValidate
        onSubmit={(e) => {
          // a dialog opened from inside another form (a sale line's 'Cambiar precio') submits only itself:
          // React bubbles the submit through the component tree to the outer form otherwise
          e.stopPropagation();
          void form.onSubmit(e);
        }}
        className="space-y-3"
      >
        {children}
        {form.failure && <Notice tone="error">{form.failure}</Notice>}
        <FormActions onCancel={onClose} busy={form.busy} {...actions} />
      </form>
    </Modal>
  );
}

/** One input of a `FieldList`: the value's key, and the input's label and attributes. */
export type FieldSpec<K extends string> = {
  key: K;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Rewrites what was typed before it is stored (lower case for a subdomain). */
  parse?: (value: string) => string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className" | "name">;

type FieldListProps<K extends string> = {
  fields: readonly FieldSpec<K>[];
  values: Record<K, string>;
  set: (key: K, value: string) => void;
  errors?: Partial<Record<K, string>>;
};

/** A run of text fields described as data: each bound to one string of the form's values. */
export function FieldList<K extends string>({ fields, values, set, errors }: FieldListProps<K>) {
  return fields.map(({ key, parse, ...input }) => (
    <TextField
      key={key}
      value={values[key]}
      onChange={(v) => set(key, parse ? parse(v) : v)}
      error={errors?.[key]}
      {...input}
    />
  ));
}

type NameKey = "first_name" | "last_name";

type NameFieldsProps = Omit<FieldListProps<NameKey>, "fields"> & {
  /** The grid's gap class. */
  gap?: "gap-3" | "gap-4";
  /** Attributes both inputs carry (required, autoComplete). */
  input?: Omit<FieldSpec<NameKey>, "key" | "label">;
};

/** 'Nombre *' and 'Apellido *' side by side. */
export function NameFields({ gap = "gap-3", input, ...list }: NameFieldsProps) {
  const fields: FieldSpec<NameKey>[] = [
    { key: "first_name", label: "Nombre *", ...input },
    { key: "last_name", label: "Apellido *", ...input },
  ];
  return (
    <div className={`grid ${gap} sm:grid-cols-2`}>
      <FieldList fields={fields} {...list} />
    </div>
  );
}

/** 'Notas (opcional)': two rows, up to 1000 characters. */
export function NotesField({ value, onChange, ...field }: Omit<TextAreaFieldProps, "label">) {
  return (
    <TextAreaField
      {...field}
      label={<OptionalLabel text="Notas" />}
      rows={2}
      maxLength={1000}
      value={value}
      onChange={onChange}
    />
  );
}

/** A checkbox with its label on the right ('Alerta activa'). */
export function CheckboxField({
  label,
  checked,
  onChange,
  className = "flex items-center gap-2 text-sm font-medium text-stone-800",
  large = false,
  disabled = false,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label's classes. */
  className?: string;
  /** The bigger box of the reception dialogs. */
  large?: boolean;
  /** Shown but not changeable (the choice follows from another field). */
  disabled?: boolean;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className={large ? "size-5 accent-orange-600" : "size-4 accent-orange-600"}
      />
      {label}
    </label>
  );
}
