import { useState } from "react";
import { inputClass } from "../../../lib/ui/classes";
import { Field } from "../../../lib/ui/Field";
import { FieldList, type FieldSpec, FormActions, FormFailure, NameFields, SelectField } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";
import { FormError, sendable, useConsoleForm } from "../consoleForm";
import { useCreateBoss } from "../mutations";
import { PasswordChecklist } from "../PasswordChecklist";
import { isStrongPassword } from "../password";
import { type BossFormValues, EMPTY_BOSS, toNewBoss } from "./bossForm";
import type { CompanyBoss } from "./loadCompanyBosses";

type Props = {
  companies: readonly CompanyBoss[];
  /** Preselected company (from its row); otherwise the company is picked first. */
  initialCompanyId: number | null;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * 'Crear Boss' / 'Cambiar Boss': pick the company, then the form appears with a live password checklist;
 * the submit button stays disabled until the password meets the rule; Cancel resets the form (spec 2 §4).
 */
export function BossFormModal({ companies, initialCompanyId, onClose, onSaved }: Props) {
  const [companyId, setCompanyId] = useState<number | null>(initialCompanyId);
  const form = useConsoleForm<BossFormValues>(EMPTY_BOSS);
  const { values, setValues, set, field, idempotency } = form;
  const create = useCreateBoss();
  const [showPassword, setShowPassword] = useState(false);
  const chosen = companies.find((c) => c.company.id === companyId) ?? null;
  const passwordOk = isStrongPassword(values.password);

  const cancel = () => {
    setValues(EMPTY_BOSS);
    setCompanyId(initialCompanyId);
    form.setError(null);
    onClose();
  };

  const submit = form.submit(
    async () => {
      // the submit stays disabled until a company is chosen
      if (!chosen) throw new FormError("Selecciona una empresa");
      const boss = { company_id: chosen.company.id, boss: sendable(toNewBoss(values)) };
      await create.mutateAsync({ companyId: boss.company_id, boss: boss.boss, key: idempotency.keyFor(boss) });
      idempotency.renew(boss);
      return "Usuario Boss creado exitosamente";
    },
    () => {
      setValues(EMPTY_BOSS);
      onSaved();
    },
  );

  return (
    <Modal closeLabel="Cerrar ventana" title={chosen?.boss ? "Cambiar Boss" : "Crear Boss"} onClose={cancel}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Usuario Boss">
        <SelectField
          label="Empresa"
          value={companyId ?? ""}
          onChange={(v) => setCompanyId(v === "" ? null : Number(v))}
        >
          <option value="">Selecciona una empresa</option>
          {companies.map(({ company, boss }) => (
            <option key={company.id} value={company.id}>
              {company.name}
              {boss ? " (con boss)" : ""}
            </option>
          ))}
        </SelectField>

        {chosen && (
          <>
            {chosen.boss && (
              <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {chosen.company.name} ya tiene como boss a <strong>{chosen.boss.full_name}</strong> ({chosen.boss.email}
                ). Al guardar, el nuevo usuario lo reemplaza y la cuenta anterior queda desactivada.
              </p>
            )}
            <NameFields gap="gap-4" input={{ required: true, autoComplete: "off" }} values={values} set={set} />
            <FieldList fields={EMAIL_FIELDS} values={values} set={set} />
            <Field label="Contraseña *" id={field("password")}>
              <div className="relative">
                <input
                  id={field("password")}
                  type={showPassword ? "text" : "password"}
                  className={`${inputClass} pr-20`}
                  value={values.password}
                  onChange={(e) => set("password", e.target.value)}
                  required
                  autoComplete="new-password"
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((s) => !s)}
                  className="absolute inset-y-0 right-2 mt-1 px-2 text-xs font-semibold text-orange-700"
                >
                  {showPassword ? "Ocultar" : "Mostrar"}
                </button>
              </div>
              <PasswordChecklist password={values.password} />
            </Field>
          </>
        )}

        <FormFailure message={form.error} />
        <FormActions
          onCancel={cancel}
          busy={form.saving}
          submitLabel={chosen?.boss ? "Cambiar Boss" : "Crear Boss"}
          disabled={!chosen || !passwordOk}
        />
      </form>
    </Modal>
  );
}

const EMAIL_FIELDS: FieldSpec<"email">[] = [
  { key: "email", label: "Email *", type: "email", required: true, autoCapitalize: "none", autoComplete: "off" },
];
