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

export function CameraIcon({ className = "size-7" }: Props) {
  return (
    <svg {...common} aria-hidden="true" className={className}>
      <path d="M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

export function ReceiptIcon({ className = "size-7" }: Props) {
  return (
    <svg {...common} aria-hidden="true" className={className}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </svg>
  );
}

export function ChartIcon({ className = "size-7" }: Props) {
  return (
    <svg {...common} aria-hidden="true" className={className}>
      <path d="M4 20V4M4 20h16" />
      <path d="M8 16v-4M12 16V8M16 16v-6" />
    </svg>
  );
}

export function ChevronIcon({ className = "size-5" }: Props) {
  return (
    <svg {...common} aria-hidden="true" className={className}>
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

export function AlertIcon({ className = "size-5" }: Props) {
  return (
    <svg {...common} aria-hidden="true" className={className}>
      <path d="M12 4l9 16H3z" />
      <path d="M12 10v4M12 17.5v.01" />
    </svg>
  );
}
