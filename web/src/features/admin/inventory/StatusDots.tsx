type Props = { price: boolean; distribution: boolean; video: boolean };

function Dot({ on, label }: { on: boolean; label: string }) {
  return (
    <li className="flex items-center gap-1.5" data-testid={`dot-${label.toLowerCase()}`} data-on={on}>
      <span
        aria-hidden="true"
        className={`size-3 rounded-full ring-2 ring-offset-1 ${on ? "bg-green-600 ring-green-600/30" : "bg-stone-300 ring-stone-300/40"}`}
      />
      <span className={`text-sm ${on ? "font-semibold text-green-800" : "text-stone-600"}`}>
        {label}
        <span className="sr-only">{on ? ": listo" : ": pendiente"}</span>
      </span>
    </li>
  );
}

/** The three status dots of the inventory form: price, distribution, video (spec §2.1). */
export function StatusDots({ price, distribution, video }: Props) {
  return (
    <ul aria-label="Estado del registro" className="flex flex-wrap gap-x-5 gap-y-2">
      <Dot on={price} label="Precio" />
      <Dot on={distribution} label="Distribución" />
      <Dot on={video} label="Video" />
    </ul>
  );
}
