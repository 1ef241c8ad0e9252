/** Neutral drawing used when a product has no photo or the photo fails to load. */
export function ShoePlaceholder({ className = "" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 160 120"
      role="img"
      aria-label="Imagen no disponible"
      className={`bg-stone-100 text-stone-300 ${className}`}
    >
      <path
        fill="currentColor"
        d="M22 78c0-8 4-14 10-17l14-6c6-3 10-8 13-14l4-8c2-3 6-4 9-2l6 4c4 3 9 4 14 3l7-1c4-1 7 2 8 5 3 12 13 20 26 23l8 2c6 2 10 7 10 13v4c0 3-2 5-5 5H27c-3 0-5-2-5-5z"
      />
      <rect x="20" y="90" width="122" height="6" rx="3" fill="currentColor" opacity="0.6" />
    </svg>
  );
}
