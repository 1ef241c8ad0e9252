import { useEffect, useState } from "react";
import { fetchFileBlob } from "../../../api/seller";
import { ShoePlaceholder } from "../../../lib/ui/ShoePlaceholder";
import { useObjectUrl } from "../../../lib/ui/useObjectUrl";

/** A stored product photo: the file route needs the bearer token, so it is fetched as a blob. */
export function ProductPhoto({ path, alt }: { path: string | null; alt: string }) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const url = useObjectUrl(blob);
  useEffect(() => {
    setBlob(null);
    if (!path) return;
    const controller = new AbortController();
    fetchFileBlob(path, controller.signal).then(setBlob, () => undefined);
    return () => controller.abort();
  }, [path]);
  if (!url) return <ShoePlaceholder className="size-10 shrink-0 rounded-md" />;
  return <img src={url} alt={alt} className="size-10 shrink-0 rounded-md border border-stone-200 object-cover" />;
}
