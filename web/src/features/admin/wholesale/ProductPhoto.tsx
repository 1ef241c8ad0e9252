import { isFilePath, useFileUrl } from "../../../lib/ui/fileUrl";
import { ShoePlaceholder } from "../../../lib/ui/ShoePlaceholder";

/** A stored product photo: the file route needs the bearer token, so it is fetched once as a blob. */
export function ProductPhoto({ path, alt }: { path: string | null; alt: string }) {
  const { url } = useFileUrl(isFilePath(path) ? path : null);
  if (!url) return <ShoePlaceholder className="size-10 shrink-0 rounded-md" />;
  return <img src={url} alt={alt} className="size-10 shrink-0 rounded-md border border-stone-200 object-cover" />;
}
