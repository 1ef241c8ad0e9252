import type { NumberingRange } from "../../../api/numbering";
import { Badge } from "../../../lib/ui/Badge";
import { Meter } from "../../../lib/ui/Meter";
import { Notice } from "../../../lib/ui/Notice";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { ACCENT } from "../../../lib/ui/StatCard";
import { alertText, rangeLabel, resolutionLine, STATE_LABEL, STATE_TONE, usageLine, validityLine } from "./rangeText";

export type RangeActions = {
  onActivate: () => void;
  onDeactivate: () => void;
  onCorrect: () => void;
};

/** The usage bar's colour: used up red, nearly used amber, the range in use green, the others grey. */
function barFill(range: NumberingRange): string {
  if (range.state === "exhausted") return "bg-red-600";
  if (range.alerts.includes("nearly_used")) return "bg-amber-500";
  return range.state === "active" ? "bg-green-600" : "bg-stone-400";
}

/** A store's resolution: its numbers, resolution and validity, what it has used, its alerts and its actions. */
export function RangeCard({ range, onActivate, onDeactivate, onCorrect }: { range: NumberingRange } & RangeActions) {
  const label = rangeLabel(range);
  // a used-up or expired range cannot be switched on again (the API refuses it)
  const canActivate = !range.active && (range.state === "inactive" || range.state === "not_yet_valid");
  return (
    <li
      data-testid="numbering-range"
      className={`flex flex-col rounded-lg border border-l-4 border-stone-200 p-3 ${range.state === "active" ? ACCENT.green : ACCENT.stone}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-lg font-semibold text-stone-900 tabular-nums">{label}</p>
        <Badge tone={STATE_TONE[range.state]}>{STATE_LABEL[range.state]}</Badge>
      </div>
      <p className="text-sm text-stone-700">{resolutionLine(range)}</p>
      <p className="text-sm text-stone-700">{validityLine(range)}</p>
      <div className="mt-3">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-stone-700">Usados</span>
          <span className="text-stone-900 tabular-nums">{usageLine(range)}</span>
        </div>
        <Meter
          label={`Números usados de ${label}`}
          value={Math.max(0, Math.min(100, range.used_percent))}
          className="mt-1.5 h-2.5 w-full overflow-hidden rounded-full bg-stone-200"
          fill={barFill(range)}
        />
      </div>
      <div className="mt-2 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-stone-700">Siguiente número</span>
        <span className="font-semibold text-stone-900 tabular-nums">{range.next_number ?? "Sin números"}</span>
      </div>
      {range.alerts.length > 0 && (
        <div className="mt-3 space-y-2">
          {range.alerts.map((alert) => (
            <Notice key={alert} tone="warning">
              {alertText(alert, range)}
            </Notice>
          ))}
        </div>
      )}
      <p className="mt-3 text-xs break-words text-stone-600">
        <span className="font-medium text-stone-700">Texto del documento: </span>
        {range.document_text}
      </p>
      {/* at the card's foot: cards side by side take the row's height, their actions stay in line */}
      <div className="mt-auto flex flex-wrap gap-2 pt-3">
        {canActivate && (
          <SmallButton label={`Activar ${label}`} onClick={onActivate}>
            Activar
          </SmallButton>
        )}
        {range.active && (
          <SmallButton label={`Desactivar ${label}`} danger onClick={onDeactivate}>
            Desactivar
          </SmallButton>
        )}
        <SmallButton label={`Corregir texto de ${label}`} onClick={onCorrect}>
          Corregir texto
        </SmallButton>
      </div>
    </li>
  );
}
