import { useEffect, useState } from "react";
import { fetchFileBlob } from "../../api/seller";
import { useObjectUrl } from "../../lib/ui/useObjectUrl";

type Props = { path: string; alt: string };

/** A stored receipt: fetched with the bearer token as a blob, shown small and enlarged on tap. */
export function ReceiptThumbnail({ path, alt }: Props) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const url = useObjectUrl(blob);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchFileBlob(path, controller.signal).then(
      (b) => setBlob(b),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [path]);

  if (failed) return <p className="text-xs text-stone-500">No se pudo cargar la foto del recibo.</p>;
  if (!url) {
    return (
      <div className="size-16 animate-pulse rounded-lg bg-stone-200">
        <span className="sr-only">Cargando recibo...</span>
      </div>
    );
  }
  return (
    <div>
      <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} className="block">
        <img
          src={url}
          alt={alt}
          className={
            open
              ? "max-h-96 w-full rounded-lg border border-stone-200 object-contain"
              : "size-16 rounded-lg border border-stone-200 object-cover"
          }
        />
        <span className="mt-1 block text-xs font-medium text-orange-700">{open ? "Reducir" : "Ver comprobante"}</span>
      </button>
    </div>
  );
}
