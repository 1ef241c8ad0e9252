import { createFileRoute, Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { AREAS } from "../../features/dashboard/areas";
import { DashboardShell } from "../../features/dashboard/DashboardShell";
import { requireArea } from "../../lib/guards";
import { homeFor } from "../../lib/roles";
import { sessionAtom } from "../../lib/session";

/** Fallback landing for roles without an area of their own (spec 1 §2). */
export const Route = createFileRoute("/_auth/home")({
  beforeLoad: ({ context }) => requireArea(context, "/home"),
  component: HomePage,
});

function HomePage() {
  const user = useAtomValue(sessionAtom);
  const panel = user ? homeFor(user.role) : "/home";
  return (
    <DashboardShell title={AREAS["/home"].title}>
      <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        {panel === "/home" ? (
          <p className="text-stone-700">
            Tu cuenta está activa, pero tu rol todavía no tiene un panel asignado. Consulta con el administrador de tu
            empresa.
          </p>
        ) : (
          <>
            <p className="text-stone-700">{AREAS["/home"].intro}</p>
            <Link
              to={panel}
              className="mt-4 inline-block rounded-lg bg-stone-900 px-5 py-2.5 font-semibold text-white hover:bg-stone-800"
            >
              Ir a {AREAS[panel].title}
            </Link>
          </>
        )}
      </section>
    </DashboardShell>
  );
}
