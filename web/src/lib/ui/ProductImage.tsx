import { useState } from "react";
import { ShoePlaceholder } from "./ShoePlaceholder";

type Props = { src: string | null; alt: string; className?: string };

/** Product photo with the neutral placeholder when there is none or it fails to load (spec 1 §8). */
export function ProductImage({ src, alt, className = "" }: Props) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <ShoePlaceholder className={className} />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
