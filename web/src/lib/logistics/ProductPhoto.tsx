import type { ReactNode } from "react";
import { productName } from "../format";
import { useFileUrl } from "../ui/fileUrl";
import { ShoePlaceholder } from "../ui/ShoePlaceholder";

type Props = { path: string | null | undefined; alt: string; className?: string };

/** A product photo from the authenticated file route, or the neutral shoe placeholder. */
export function ProductPhoto({ path, alt, className = "size-16" }: Props) {
  // only the authenticated file route: any other address is not a product photo of this company
  const { url } = useFileUrl(path?.startsWith("/api/v1/files/") ? path : null);
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
      <ProductPhoto path={item.product_image} alt={productName(item)} className={photoClass} />
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">{productName(item)}</p>
        <p className="text-sm text-stone-700">
          Talla {item.size} · Cantidad {item.quantity}
          {extra}
        </p>
        {children}
      </div>
    </div>
  );
}
