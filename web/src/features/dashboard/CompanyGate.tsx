import { useAtom, useAtomValue } from "jotai";
import { Fragment, type ReactNode, useEffect, useId, useState } from "react";
import type { Company } from "../../api/superadmin-schemas";
import { type ActingCompany, actingCompanyAtom } from "../../lib/actingCompany";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { sessionAtom } from "../../lib/session";
import { ErrorState } from "../../lib/ui/ErrorState";
import { Spinner } from "../../lib/ui/Spinner";
import { superuserQueries } from "../superuser/queries";
import { DashboardShell } from "./DashboardShell";

const STATUS_LABEL: Record<string, string> = { active: "Activa", trial: "Prueba", suspended: "Suspendida" };

type Props = { children: ReactNode };

/** A company area's page (/administrador, /boss): the dashboard frame, with a superuser's company chosen first. */
export function CompanyArea({ title, children }: Props & { title: string }) {
  return (
    <DashboardShell title={title}>
      <CompanyGate>{children}</CompanyGate>
    </DashboardShell>
  );
}

/**
 * The company areas (/administrador, /boss) for a superuser: first the company to work on, then the
 * area for that company, under a bar that names it and lets it be changed. Company users go straight in.
 */
export function CompanyGate({ children }: Props) {
  const user = useAtomValue(sessionAtom);
  const [company, setCompany] = useAtom(actingCompanyAtom);
  if (user?.role !== "superuser") return <>{children}</>;
  if (!company) return <CompanyPicker onPick={setCompany} />;
  return (
    <>
      <div
        data-testid="acting-company"
        className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-orange-200 bg-orange-50 px-4 py-3"
      >
        <p className="min-w-0 text-sm text-orange-950">
          <span className="block text-xs font-semibold tracking-wide text-orange-700 uppercase">
            Trabajando como superusuario en
          </span>
          <span className="block truncate text-base font-semibold">{company.name}</span>
        </p>
        <button
          type="button"
          onClick={() => setCompany(null)}
          className="shrink-0 rounded-lg border border-orange-300 bg-white px-3 py-2 text-sm font-semibold text-orange-900 hover:bg-orange-100"
        >
          Cambiar empresa
        </button>
      </div>
      {/* a new company starts every screen afresh: nothing of the previous one stays on screen */}
      <Fragment key={company.id}>{children}</Fragment>
    </>
  );
}

/** The companies to choose from, with a search box (the platform's list, not deleted ones). */
export function CompanyPicker({ onPick }: { onPick: (company: ActingCompany) => void }) {
  const id = useId();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const remote = useRemoteData(superuserQueries.companies({ search: query, status: "all" }));
  const companies = remote.data?.companies ?? null;

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-3xl space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-stone-900">
          Elige la empresa
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Como superusuario, este panel muestra los datos de una empresa a la vez. Podrás cambiarla cuando quieras.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-stone-700">
          Buscar empresa
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Nombre, subdominio o correo"
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-orange-600 focus:ring-2 focus:ring-orange-600/30 focus:outline-none"
        />
      </div>
      {!companies && !remote.error && <Spinner label="Cargando empresas..." />}
      {!companies && remote.error && <ErrorState message={remote.error} onRetry={remote.reload} />}
      {companies &&
        (companies.length === 0 ? (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-sm text-stone-600">
            No hay empresas para mostrar
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {companies.map((c) => (
              <li key={c.id}>
                <CompanyChoice company={c} onPick={onPick} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

function CompanyChoice({ company, onPick }: { company: Company; onPick: (company: ActingCompany) => void }) {
  const suspended = company.subscription_status === "suspended";
  return (
    <button
      type="button"
      onClick={() => onPick({ id: company.id, name: company.name })}
      className="flex w-full items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-4 text-left shadow-sm hover:border-orange-400 hover:bg-orange-50 focus:ring-2 focus:ring-orange-600/40 focus:outline-none"
    >
      <span className="min-w-0">
        <span className="block truncate font-semibold text-stone-900">{company.name}</span>
        <span className="block truncate text-sm text-stone-500">{company.subdomain}</span>
      </span>
      <span
        className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
          suspended ? "bg-red-100 text-red-800" : "bg-green-100 text-green-800"
        }`}
      >
        {STATUS_LABEL[company.subscription_status] ?? company.subscription_status}
      </span>
    </button>
  );
}
