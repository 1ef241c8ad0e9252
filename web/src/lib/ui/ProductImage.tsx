import { useState } from "react";
import { useFileUrl } from "./fileUrl";
import { ShoePlaceholder } from "./ShoePlaceholder";

type Props = { src: string | null; alt: string; className?: string };

/**
 * Product photo with the neutral placeholder when there is none or it fails to load (spec 1 §8). A
 * photo of the authenticated file route is fetched with the session's token (an <img src> alone would
 * be a 401), once for every screen that shows it; the public store's photo URLs are used as they are.
 */
export function ProductImage({ src, alt, className = "" }: Props) {
  const { url, failed: unreadable } = useFileUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || unreadable || failedUrl === url) return <ShoePlaceholder className={className} />;
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url)}
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
