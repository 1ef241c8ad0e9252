import { formatCOP } from "../../lib/format";
import { PressedButtons } from "../../lib/ui/PressedButtons";
import { parseNumber, quickCashAmounts } from "./saleForm";

type Props = {
  /** The cash payment's amount (NaN while it has none). */
  amount: number;
  /** 'Efectivo recibido' as typed. */
  received: string;
  onPick: (cashReceived: string) => void;
};

const chip = (chosen: boolean) =>
  `min-h-11 rounded-lg border px-2 py-2 text-sm font-semibold tabular-nums shadow-sm ${
    chosen
      ? "border-orange-600 bg-orange-50 text-orange-900 ring-2 ring-orange-600/30"
      : "border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
  }`;

/** What the customer hands over, in one tap: the exact amount or the round bills just above it. */
export function QuickCash({ amount, received, onPick }: Props) {
  if (!(amount > 0)) return null;
  const options = [
    { value: String(amount), label: "Exacto" },
    ...quickCashAmounts(amount).map((v) => ({ value: String(v), label: formatCOP(v) })),
  ];
  const typed = parseNumber(received);
  // three fit a phone's row; four go two by two there
  const columns = options.length <= 3 ? "grid-cols-3" : "grid-cols-2 sm:grid-cols-4";
  return (
    <fieldset className={`col-span-2 -mt-1 grid gap-2 ${columns}`}>
      <legend className="sr-only">Efectivo rápido</legend>
      <PressedButtons
        value={Number.isFinite(typed) ? String(typed) : null}
        options={options}
        onChange={onPick}
        classOf={chip}
      />
    </fieldset>
  );
}
