import { useState } from "react";
import type { ConsolidatedInventory } from "../../../api/boss-schemas";
import { Panel } from "../../../lib/ui/Panel";
import { PressedButtons } from "../../../lib/ui/PressedButtons";
import { StockAlertTable } from "./StockAlertTable";

type Kind = "low" | "out" | "over";

/** The three stock alert lists behind one switch, opening on the first list that has items. */
export function StockAlerts({ data }: { data: ConsolidatedInventory }) {
  const { low_stock_pairs: low, overstock_pairs: over } = data.thresholds;
  const lists = {
    low: {
      title: "Poco stock",
      hint: `1 a ${low} pares disponibles, o el umbral de la alerta del local`,
      items: data.low_stock_alerts,
      count: data.low_stock_count ?? data.low_stock_alerts.length,
      empty: "Ningún producto con stock bajo",
      csv: "stock-bajo",
    },
    out: {
      title: "Agotados",
      hint: "0 pares",
      items: data.out_of_stock_alerts,
      count: data.out_of_stock_count ?? data.out_of_stock_alerts.length,
      empty: "Ningún producto agotado",
      csv: "agotados",
    },
    over: {
      title: "Sobrestock",
      hint: `Más de ${over} pares`,
      items: data.overstocked_alerts,
      count: data.overstocked_count ?? data.overstocked_alerts.length,
      empty: "Ningún producto con sobrestock",
      csv: "sobrestock",
    },
  } as const;
  const kinds: Kind[] = ["low", "out", "over"];
  const [kind, setKind] = useState<Kind>(() => kinds.find((k) => lists[k].items.length > 0) ?? "low");
  const list = lists[kind];
  return (
    <Panel title="Alertas de stock" description={`${list.title}: ${list.hint}, por producto y ubicación`}>
      <div className="mb-3 flex flex-wrap gap-2">
        <PressedButtons
          value={kind}
          options={kinds.map((k) => ({ value: k, label: `${lists[k].title} (${lists[k].count})` }))}
          onChange={setKind}
          classOf={(chosen) =>
            `rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ${
              chosen
                ? "bg-stone-900 text-white ring-stone-900"
                : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-100"
            }`
          }
        />
      </div>
      <StockAlertTable key={kind} label={list.title} items={list.items} empty={list.empty} csvName={list.csv} />
    </Panel>
  );
}
