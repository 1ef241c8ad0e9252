/**
 * The failure of the last submit, next to the form's buttons; `id` for the control it describes. Its own
 * module, so the login form does not pull the whole form kit into the first download.
 */
export function FormFailure({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
