import type { ReactNode } from "react";
import { moduleNotIncluded, type PlanModule, type PlanModules } from "../planModules";
import { Spinner } from "./Spinner";

type Props = {
  /** the module the section belongs to; none: always shown */
  module: PlanModule | undefined;
  modules: PlanModules["modules"] | null;
  children: ReactNode;
};

/** A section of a plan module: shown when the plan includes it, else the server's reason (e.g. an old link). */
export function ModuleGate({ module, modules, children }: Props) {
  if (module === undefined) return <>{children}</>;
  if (modules === null) return <Spinner label="Cargando..." />;
  if (modules[module]) return <>{children}</>;
  return (
    <div
      role="status"
      data-testid="module-not-included"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-900"
    >
      <p className="font-semibold">{moduleNotIncluded(module)}.</p>
      <p className="mt-1">Pide al administrador de la plataforma un plan que lo incluya.</p>
    </div>
  );
}
