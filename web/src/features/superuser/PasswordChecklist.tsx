import { passwordChecks } from "./password";

/** Live checklist under a password field: each rule turns green once the password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul aria-label="Requisitos de la contraseña" className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
      {passwordChecks(password).map((check) => (
        <li
          key={check.label}
          data-ok={check.ok}
          className={`flex items-center gap-2 ${check.ok ? "text-green-700" : "text-stone-500"}`}
        >
          <span aria-hidden="true" className="w-4 text-center font-bold">
            {check.ok ? "✓" : "○"}
          </span>
          <span>{check.label}</span>
          <span className="sr-only">{check.ok ? "(cumplido)" : "(pendiente)"}</span>
        </li>
      ))}
    </ul>
  );
}
