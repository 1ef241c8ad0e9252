import { shownOfTotal } from "../format";
import { secondaryButton } from "./classes";

type Noun = { one: string; many: string };

type CountProps = Noun & {
  /** Rows on screen. */
  shown: number;
  /** Rows the list has in all (the API's `total`). */
  total: number;
  className?: string;
};

/**
 * The one line every list shows about its length (issue 32 §4): "Mostrando 48 de 252 productos" while
 * part of it is on screen, "252 productos" once all of it is.
 */
export function ListCount({ shown, total, one, many, className = "text-sm text-stone-600" }: CountProps) {
  return (
    <p className={className} data-testid="list-count" aria-live="polite">
      {shownOfTotal(shown, total, one, many)}
    </p>
  );
}

type MoreProps = {
  shown: number;
  total: number;
  onMore: () => void;
  /** A page is on its way. */
  busy?: boolean;
  /** The last page failed to load (shown under the button, which tries again). */
  error?: string | null;
};

/** "Ver más" under a cut list (its ListCount says how much is shown); nothing once every row is on screen. */
export function MoreButton({ shown, total, onMore, busy = false, error = null }: MoreProps) {
  if (shown >= total) return null;
  return (
    <div className="mt-3 space-y-1 text-center">
      <button type="button" className={`${secondaryButton} w-full`} onClick={onMore} disabled={busy}>
        {busy ? "Cargando..." : "Ver más"}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          No se pudo cargar más: {error}
        </p>
      )}
    </div>
  );
}
