import { type ChangeEvent, useId, useState } from "react";
import { secondaryButton } from "../../lib/ui/classes";
import { useObjectUrl } from "../../lib/ui/useObjectUrl";
import { CameraIcon } from "./icons";
import { RECEIPT_ACCEPT, receiptError } from "./receipt";

type Props = { label: string; file: File | null; onChange: (file: File | null) => void };

/** Receipt photo from the rear camera (or the gallery), checked and previewed before it is sent. */
export function ReceiptPicker({ label, file, onChange }: Props) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    // Clear the input so picking the same file again still fires a change.
    event.target.value = "";
    if (!picked) return;
    const problem = receiptError(picked);
    setError(problem);
    if (!problem) onChange(picked);
  }

  return (
    <div>
      <span className="block text-sm font-medium text-stone-700">{label}</span>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label htmlFor={id} className={`${secondaryButton} cursor-pointer`}>
          <CameraIcon className="size-5" /> {file ? "Cambiar foto" : "Tomar foto del recibo"}
        </label>
        <input
          id={id}
          type="file"
          accept={RECEIPT_ACCEPT}
          capture="environment"
          onChange={handleChange}
          className="sr-only"
          data-testid="receipt-input"
        />
        {file && (
          <button
            type="button"
            onClick={() => {
              setError(null);
              onChange(null);
            }}
            className="text-sm font-semibold text-red-700 hover:text-red-800"
          >
            Quitar foto
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {file && preview && (
        <figure className="mt-3">
          <img
            src={preview}
            alt="Vista previa del recibo"
            className="max-h-48 rounded-lg border border-stone-200 object-contain"
          />
          <figcaption className="mt-1 text-xs text-stone-500">
            {file.name} · {Math.max(1, Math.round(file.size / 1024))} KB
          </figcaption>
        </figure>
      )}
    </div>
  );
}
