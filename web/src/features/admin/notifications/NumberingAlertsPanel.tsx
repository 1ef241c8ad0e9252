import { Link } from "@tanstack/react-router";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { AttentionItem, ItemList } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { alertText, rangeLabel } from "../numbering/rangeText";
import { adminQueries } from "../queries";

/**
 * The DIAN numbering ranges that need the administrador (docs/fiscal.md): nearly used up (90 %) or about
 * to expire (30 days). Nothing while none does; the same read as the Numeración DIAN screen, so a change
 * there shows here at once.
 */
export function NumberingAlertsPanel() {
  const live = useRemoteData(adminQueries.numberingRanges());
  const warned = (live.data?.ranges ?? []).filter((r) => r.alerts.length > 0);
  if (warned.length === 0) return null;
  return (
    <Panel title="Numeración DIAN" description="Resoluciones que requieren atención">
      <ItemList items={warned} empty="" className="space-y-3">
        {(r) => (
          <AttentionItem
            key={r.id}
            edge="amber"
            testId="numbering-alert"
            head={
              <p className="font-semibold text-stone-900">
                {r.location_name} · {rangeLabel(r)}
              </p>
            }
          >
            {r.alerts.map((alert) => (
              <p key={alert} className="mt-1 text-sm text-stone-700">
                {alertText(alert, r)}
              </p>
            ))}
            <Link to="/administrador/numbering" className="mt-2 inline-block text-sm font-semibold underline">
              Ir a Numeración DIAN
            </Link>
          </AttentionItem>
        )}
      </ItemList>
    </Panel>
  );
}
