import { useId } from "react";
import { labelClass } from "../../../lib/ui/classes";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { useObjectUrl } from "../../../lib/ui/useObjectUrl";

type Props = { label: string; file: File | null; onChange: (file: File | null) => void };

/** An optional product photo with its preview (released when replaced or closed). */
export function PhotoPicker({ label, file, onChange }: Props) {
  const id = useId();
  const url = useObjectUrl(file);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-stone-200 file:px-3 file:py-2 file:text-sm file:font-semibold"
      />
      {file && url && (
        <div className="mt-2 flex items-center gap-3">
          <img
            src={url}
            alt="Vista previa de la foto"
            className="size-16 rounded-md border border-stone-200 object-cover"
          />
          <SmallButton onClick={() => onChange(null)}>Quitar foto</SmallButton>
        </div>
      )}
    </div>
  );
}
