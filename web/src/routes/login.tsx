import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/LoginForm";
import { afterSignIn, parseLoginSearch, redirectSignedIn } from "../lib/guards";
import { Notice } from "../lib/ui/Notice";

export const SESSION_EXPIRED = "Tu sesión expiró; vuelve a iniciar sesión";

export const Route = createFileRoute("/login")({
  // Not split off: the login is the other door in (and where the installed app opens), rendered without
  // waiting for a second round of chunks after the entry script.
  codeSplitGroupings: [],
  validateSearch: parseLoginSearch,
  beforeLoad: redirectSignedIn,
  component: LoginPage,
});

function LoginPage() {
  const navigate = useNavigate();
  const { redirect: back, expired } = Route.useSearch();
  return (
    <div className="flex min-h-dvh flex-col bg-stone-100">
      <header className="px-4 py-4">
        <Link to="/" className="inline-flex items-center gap-2">
          <img src="/favicon.svg" alt="" className="size-8" />
          <span className="text-xl font-bold tracking-tight text-stone-900">Horma</span>
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <div className="w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Iniciar sesión</h1>
          <p className="mt-1 text-sm text-stone-600">Ingresa con tu cuenta de Horma.</p>
          {expired && (
            <div className="mt-4">
              <Notice tone="warning">{SESSION_EXPIRED}</Notice>
            </div>
          )}
          <div className="mt-6">
            <LoginForm onSuccess={(user) => void navigate({ href: afterSignIn(user.role, back), replace: true })} />
          </div>
        </div>
      </main>
      <footer className="pb-6 text-center text-sm">
        <Link to="/" className="font-medium text-stone-600 hover:text-stone-900">
          ← Volver a la tienda
        </Link>
      </footer>
    </div>
  );
}
