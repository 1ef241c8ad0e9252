import { useAtomValue } from "jotai";
import type { SaleReturn } from "../../../api/sale-returns";
import { countLabel, formatCOP, paymentLabel } from "../../../lib/format";
import { ReceiptActions } from "../../../lib/receipt/ReceiptActions";
import { sessionAtom } from "../../../lib/session";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";

type Props = { done: SaleReturn; onAnother: () => void };

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className="shrink-0 font-semibold text-stone-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The outcome: what was registered, the money that moved, and the receipt to print or send. */
export function ReturnDone({ done, onAnother }: Props) {
  const company = useAtomValue(sessionAtom)?.company_name ?? "Horma";
  const exchange = done.kind === "exchange";
  const title = exchange ? "Cambio registrado" : "Devolución registrada";
  const shared = {
    kind: done.kind,
    number: done.id,
    total: done.exchange_sale?.total_amount ?? 0,
    company: { name: company },
    returned: { sale_number: done.sale_id },
  };
  const units = done.lines.reduce((acc, l) => acc + l.quantity, 0);
  return (
    <div className="space-y-4">
      <Notice tone="success">
        <span className="font-semibold">{title}</span>
      </Notice>
      <Panel title={`${exchange ? "Cambio" : "Devolución"} #${done.id} · venta #${done.sale_id}`}>
        <dl className="space-y-1.5 text-sm">
          <Row
            label={`Devuelto (${countLabel(units, "unidad", "unidades")})`}
            value={formatCOP(done.returned_amount)}
            testId="done-returned"
          />
          {done.refund_amount > 0 && (
            <Row
              label={`Reembolso${done.refund_method ? ` en ${paymentLabel(done.refund_method).toLowerCase()}` : ""}`}
              value={formatCOP(done.refund_amount)}
              testId="done-refund"
            />
          )}
          {done.credit_amount > 0 && (
            <Row label="Saldo a favor aplicado" value={formatCOP(done.credit_amount)} testId="done-credit" />
          )}
          {done.exchange_sale && (
            <>
              <Row
                label={`Venta del cambio #${done.exchange_sale.id}`}
                value={formatCOP(done.exchange_sale.total_amount)}
                testId="done-exchange-total"
              />
              {done.exchange_sale.payment_methods
                .filter((p) => p.payment_type !== "nota_credito")
                .map((p) => (
                  <Row
                    key={p.id}
                    label={`Pagó en ${paymentLabel(p.payment_type).toLowerCase()}${p.change !== null && p.change > 0 ? ` · cambio ${formatCOP(p.change)}` : ""}`}
                    value={formatCOP(p.amount)}
                  />
                ))}
            </>
          )}
        </dl>
        {done.approved_by_name && <p className="mt-2 text-sm text-stone-600">Autorizó: {done.approved_by_name}</p>}
      </Panel>
      <Panel title="Recibo">
        <ReceiptActions receipt={shared} token={done.receipt_token}>
          <a href={`/recibo/${done.receipt_token}`} className={`${accentButton} col-span-2`}>
            Ver e imprimir recibo
          </a>
        </ReceiptActions>
      </Panel>
      <button type="button" className={`${secondaryButton} w-full`} onClick={onAnother}>
        Registrar otra devolución
      </button>
    </div>
  );
}
