import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { homeFor, ROLE_LABEL } from "../../lib/roles";
import { sessionAtom } from "../../lib/session";
import { useLogout } from "../auth/useLogout";

export function ProfileCard() {
  const user = useAtomValue(sessionAtom);
  const logout = useLogout();

  if (!user) {
    return (
      <div className="rounded-xl border border-stone-200 bg-white p-6 text-center">
        <p className="text-stone-700">Inicia sesión para ver tu perfil.</p>
        <Link
          to="/login"
          className="mt-4 inline-block rounded-lg bg-stone-900 px-5 py-2.5 font-semibold text-white hover:bg-stone-800"
        >
          Iniciar sesión
        </Link>
      </div>
    );
  }

  const rows: [string, string][] = [
    ["Nombre", user.name],
    ["Correo electrónico", user.email],
    ["Rol", ROLE_LABEL[user.role]],
    ["Empresa", user.company_name ?? "—"],
    ["Sede", user.location_name ?? "—"],
  ];

  return (
    <div className="rounded-xl border border-stone-200 bg-white p-6">
      <dl className="divide-y divide-stone-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-2 py-2.5 text-sm">
            <dt className="text-stone-500">{label}</dt>
            <dd className="col-span-2 break-words font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to={homeFor(user.role)}
          className="rounded-lg bg-stone-900 px-5 py-2.5 font-semibold text-white hover:bg-stone-800"
        >
          Ir a mi panel
        </Link>
        <button
          type="button"
          onClick={logout}
          className="rounded-lg border border-stone-300 px-5 py-2.5 font-semibold text-stone-700 hover:bg-stone-100"
        >
          Cerrar sesión
        </button>
      </div>
    </div>
  );
}
