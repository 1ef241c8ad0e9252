import type { ReactNode } from "react";

/** Line icons drawn inline: emoji fonts are missing on some phones and kiosks, these always render. */

type Props = { className?: string };

const common = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** An icon from its strokes (path data, or a whole shape), at its usual size unless told. */
function lineIcon(strokes: readonly ReactNode[], size: string) {
  return function Icon({ className = size }: Props) {
    return (
      <svg {...common} aria-hidden="true" className={className}>
        {strokes.map((stroke) => (typeof stroke === "string" ? <path key={stroke} d={stroke} /> : stroke))}
      </svg>
    );
  };
}

export const CameraIcon = lineIcon(
  [
    "M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z",
    <circle key="lens" cx="12" cy="13" r="3.5" />,
  ],
  "size-7",
);
export const ReceiptIcon = lineIcon(["M6 3h12v18l-3-2-3 2-3-2-3 2z", "M9 8h6M9 12h6M9 16h3"], "size-7");
export const ChartIcon = lineIcon(["M4 20V4M4 20h16", "M8 16v-4M12 16V8M16 16v-6"], "size-7");
export const ChevronIcon = lineIcon(["M9 6l6 6-6 6"], "size-5");
export const AlertIcon = lineIcon(["M12 4l9 16H3z", "M12 10v4M12 17.5v.01"], "size-5");
