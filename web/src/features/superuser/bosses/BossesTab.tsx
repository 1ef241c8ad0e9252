import { useState } from "react";
import { pluralWord } from "../../../../../shared/plural";
import type { Boss, Company } from "../../../api/superadmin-schemas";
import { countLabel } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { TextField } from "../../../lib/ui/form";
import { ItemList } from "../../../lib/ui/ItemList";
import { Spinner } from "../../../lib/ui/Spinner";
import { lockedUntilText } from "../../staff/passwordRules";
import { SetPasswordDialog } from "../../staff/SetPasswordDialog";
import { useFeedback } from "../feedback";
import { companyStatus } from "../labels";
import { useSetUserPassword, useUnlockUser } from "../mutations";
import { superuserQueries } from "../queries";
import { useAction } from "../useAction";
import { useConsoleData } from "../useConsoleData";
import { BossDetailsModal } from "./BossDetailsModal";
import { BossFormModal } from "./BossFormModal";

type Dialog =
  | { kind: "form"; companyId: number | null }
  | { kind: "details"; company: Company }
  | { kind: "password"; boss: Boss };

/** Usuarios Boss: companies with or without a boss, 'Ver Boss', 'Crear Boss' / 'Cambiar Boss', its password and login lock. */
export function BossesTab() {
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const loaded = useConsoleData(superuserQueries.bosses());
  const unlocking = useUnlockUser();
  const passwordChange = useSetUserPassword();
  const { run, running } = useAction();
  const feedback = useFeedback();
  const unlock = (target: Boss) =>
    void run(`unlock:${target.id}`, () => unlocking.mutateAsync(target.id)).then((answer) => {
      if (answer) feedback.success(`${target.full_name}: ${answer.message || "Cuenta desbloqueada"}`);
    });

  const rows = loaded.data ?? [];
  const term = search.trim().toLocaleLowerCase("es");
  const shown = term ? rows.filter((r) => r.company.name.toLocaleLowerCase("es").includes(term)) : rows;
  const withBoss = rows.filter((r) => r.boss).length;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          label="Buscar empresa"
          className="flex-1 lg:max-w-md"
          type="search"
          placeholder="Nombre de la empresa"
          value={search}
          onChange={setSearch}
        />
        <button
          type="button"
          onClick={() => setDialog({ kind: "form", companyId: null })}
          disabled={!loaded.data}
          className={accentButton}
        >
          Crear Boss
        </button>
      </div>

      {loaded.error && !loaded.data && (
        <ErrorState title="Error al cargar datos" message={loaded.error} onRetry={loaded.reload} />
      )}
      {!loaded.data && !loaded.error && <Spinner label="Cargando empresas y sus boss..." />}
      {loaded.data && (
        <>
          <p className="text-sm text-stone-600">
            {withBoss} de {countLabel(rows.length, "empresa", "empresas")} {pluralWord(withBoss, "tiene", "tienen")}{" "}
            boss asignado.
          </p>
          <ItemList
            items={shown}
            empty="No hay empresas para mostrar"
            className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
          >
            {({ company, boss }) => (
              <li
                key={company.id}
                data-testid="boss-row"
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-stone-900">{company.name}</p>
                    <Badge tone={companyStatus(company.subscription_status).tone}>
                      {companyStatus(company.subscription_status).label}
                    </Badge>
                  </div>
                  <p className="text-sm text-stone-600">
                    {company.subdomain} · ID {company.id}
                  </p>
                  {boss ? (
                    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
                      <Badge tone="green">Boss asignado</Badge>
                      <span className="font-medium text-stone-900">{boss.full_name}</span>
                      <span className="min-w-0 break-all text-stone-600">{boss.email}</span>
                      {boss.locked_until && <Badge tone="red">{lockedUntilText(boss.locked_until)}</Badge>}
                    </div>
                  ) : (
                    <p className="mt-1 text-sm">
                      <Badge tone="amber">Sin boss asignado</Badge>
                    </p>
                  )}
                </div>
                <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
                  {boss && (
                    <button
                      type="button"
                      onClick={() => setDialog({ kind: "details", company })}
                      className={secondaryButton}
                    >
                      Ver Boss
                    </button>
                  )}
                  {boss && (
                    <button
                      type="button"
                      onClick={() => setDialog({ kind: "password", boss })}
                      aria-label={`Cambiar la contraseña de ${boss.full_name}`}
                      className={secondaryButton}
                    >
                      Contraseña
                    </button>
                  )}
                  {boss?.locked_until && (
                    <button
                      type="button"
                      onClick={() => unlock(boss)}
                      disabled={running !== null}
                      aria-label={`Desbloquear a ${boss.full_name}`}
                      className={secondaryButton}
                    >
                      {running === `unlock:${boss.id}` ? "Desbloqueando..." : "Desbloquear"}
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() => setDialog({ kind: "form", companyId: company.id })}
                    className={boss ? secondaryButton : accentButton}
                  >
                    {boss ? "Cambiar Boss" : "Crear Boss"}
                  </button>
                </div>
              </li>
            )}
          </ItemList>
        </>
      )}

      {dialog?.kind === "form" && (
        <BossFormModal
          companies={rows}
          initialCompanyId={dialog.companyId}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "password" && (
        <SetPasswordDialog
          user={dialog.boss}
          rule="strong"
          onSubmit={(password) => passwordChange.mutateAsync({ userId: dialog.boss.id, password })}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            feedback.success(text);
          }}
        />
      )}
      {dialog?.kind === "details" && (
        <BossDetailsModal
          company={dialog.company}
          onClose={() => setDialog(null)}
          onChange={() => setDialog({ kind: "form", companyId: dialog.company.id })}
        />
      )}
    </div>
  );
}
