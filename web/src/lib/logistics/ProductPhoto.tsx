import { type ReactNode, useEffect, useState } from "react";
import { fetchFileBlob } from "../../api/seller";
import { ShoePlaceholder } from "../ui/ShoePlaceholder";

// The file route needs the bearer token, so photos come as blobs; the same photo appears on many
// cards (every location's inventory, each request of a product), so each is fetched once.
const cache = new Map<string, Promise<string>>();
const MAX_CACHED = 150;

function objectUrlOf(path: string): Promise<string> {
  const hit = cache.get(path);
  if (hit) return hit;
  const pending = fetchFileBlob(path).then((blob) => URL.createObjectURL(blob));
  pending.catch(() => cache.delete(path));
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(path, pending);
  return pending;
}

type Props = { path: string | null | undefined; alt: string; className?: string };

/** A product photo from the authenticated file route, or the neutral shoe placeholder. */
export function ProductPhoto({ path, alt, className = "size-16" }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!path?.startsWith("/api/v1/files/")) return;
    let live = true;
    objectUrlOf(path).then(
      (u) => {
        if (live) setUrl(u);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [path]);
  if (!url) return <ShoePlaceholder className={`shrink-0 rounded-lg ${className}`} />;
  return (
    <img
      src={url}
      alt={alt}
      className={`shrink-0 rounded-lg border border-stone-200 bg-stone-100 object-cover ${className}`}
    />
  );
}

type Item = { product_image: string | null; brand: string; model: string; size: string; quantity: number };

/** A card's product line: its photo, brand and model, size and quantity (plus `extra`), then `children`. */
export function ProductSummary({
  item,
  photoClass,
  extra,
  children,
}: {
  item: Item;
  photoClass: string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mt-3 flex gap-3">
      <ProductPhoto path={item.product_image} alt={`${item.brand} ${item.model}`} className={photoClass} />
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">
          {item.brand} {item.model}
        </p>
        <p className="text-sm text-stone-700">
          Talla {item.size} · Cantidad {item.quantity}
          {extra}
        </p>
        {children}
      </div>
    </div>
  );
}
