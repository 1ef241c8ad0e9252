import type { Transfer } from "../../api/transfers-schemas";
import { ProgressBar } from "./ProgressBar";

/** The status info block: title, progress, description and next step (spec 3 §2.3). */
export function StatusInfoBlock({ info }: { info: Transfer["status_info"] }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 p-3" data-testid="status-info">
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-semibold text-stone-900">{info.title}</p>
        <p className="text-xs text-stone-600">Progreso</p>
      </div>
      <div className="mt-1">
        <ProgressBar progress={info.progress} />
      </div>
      <p className="mt-2 text-sm text-stone-700">{info.description}</p>
      {info.next_step && (
        <p className="mt-1 text-sm text-stone-900">
          <span className="font-semibold">Siguiente paso:</span> {info.next_step}
        </p>
      )}
    </div>
  );
}
