import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { ROLE_LABEL } from "../../lib/roles";
import { sessionAtom } from "../../lib/session";
import { useLogout } from "../auth/useLogout";

// opened from the header only: its code is fetched when asked for, not with every area's first screen
const ProfileDialog = lazy(() => import("../auth/ProfileDialog").then((m) => ({ default: m.ProfileDialog })));

type Props = { title: string; children: ReactNode };

/**
 * Frame of every protected area: brand, page title, who is signed in and where (opens 'Mi cuenta'), and logout.
 * The account button is named by its visible text (name, role, "Mi cuenta"), so a voice command for what is
 * on screen reaches it (WCAG 2.5.3, label in name).
 */
export function DashboardShell({ title, children }: Props) {
  const user = useAtomValue(sessionAtom);
  const logout = useLogout();
  const [profile, setProfile] = useState(false);
  const place = [user?.company_name, user?.location_name].filter(Boolean).join(" · ");

  return (
    <div className="min-h-dvh bg-stone-100">
      <header className="bg-stone-900 text-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="text-lg font-bold tracking-tight">
            Horma
          </Link>
          <div className="flex min-w-0 items-center gap-3">
            {user && (
              <button
                type="button"
                onClick={() => setProfile(true)}
                title="Mi cuenta y contraseña"
                className="min-w-0 rounded-lg px-2 py-1 text-right text-xs leading-tight hover:bg-stone-800 sm:text-sm"
              >
                <span className="block truncate font-semibold">{user.name}</span>
                <span className="block truncate text-stone-300">
                  <span className="hidden sm:inline">{ROLE_LABEL[user.role]} · </span>
                  <span className="underline underline-offset-2">Mi cuenta</span>
                </span>
              </button>
            )}
            <button
              type="button"
              onClick={logout}
              className="shrink-0 rounded-lg border border-stone-600 px-3 py-1.5 text-sm font-medium hover:bg-stone-800"
            >
              Cerrar sesión
            </button>
          </div>
        </div>
      </header>
      <div className="border-b border-stone-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-5">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          {place && <p className="mt-1 text-sm text-stone-600">{place}</p>}
        </div>
      </div>
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
      {profile && (
        <Suspense fallback={null}>
          <ProfileDialog onClose={() => setProfile(false)} />
        </Suspense>
      )}
    </div>
  );
}
