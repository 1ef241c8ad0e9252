import type { PaymentType } from "../../../api/seller-schemas";
import { formatCOP } from "../../../lib/format";
import { LineList } from "../LineList";
import { PaymentsSection } from "../PaymentsSection";
import { SectionCard } from "../SectionCard";
import { emptyLine, type LineDraft, type PaymentDraft } from "../saleForm";
import { ExchangeLineEditor } from "./ExchangeLineEditor";
import { RefundMethod } from "./RefundSection";
import { paidOf, settlement } from "./returnForm";

type Props = {
  lines: LineDraft[];
  /** What the returned units are worth, as estimated here. */
  credit: number;
  /** The sale had a discount: the credit is an estimate of the server's. */
  discounted: boolean;
  newTotal: number;
  payments: PaymentDraft[];
  refundMethod: PaymentType;
  onLines: (lines: LineDraft[]) => void;
  onPayments: (payments: PaymentDraft[]) => void;
  onRefundMethod: (method: PaymentType) => void;
};

function Figure({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? "text-base font-bold text-stone-900" : "text-stone-700"}`}>
      <dt>{label}</dt>
      <dd className="shrink-0 tabular-nums" data-testid={testId}>
        {formatCOP(value)}
      </dd>
    </div>
  );
}

/**
 * 'Cambiar por otro producto': what the customer takes, at catalogue prices; the credit of what came
 * back pays first, then the customer pays the difference, or gets back what is left over.
 */
export function ExchangeSection({
  lines,
  credit,
  discounted,
  newTotal,
  payments,
  refundMethod,
  onLines,
  onPayments,
  onRefundMethod,
}: Props) {
  const { refund, toPay } = settlement(credit, newTotal);
  return (
    <>
      <SectionCard title="Se lleva a cambio">
        <LineList rows={lines} onChange={onLines} newRow={emptyLine} addLabel="+ Agregar otro producto">
          {(line, index, edit) => <ExchangeLineEditor line={line} index={index} {...edit} />}
        </LineList>
        <dl className="mt-3 space-y-1 rounded-lg bg-stone-50 p-3 text-sm" aria-label="Cuentas del cambio">
          <Figure label="Saldo a favor (aprox.)" value={credit} testId="exchange-credit" />
          <Figure label="Productos nuevos" value={newTotal} testId="exchange-total" />
          {toPay > 0 && <Figure label="El cliente paga" value={toPay} strong testId="exchange-to-pay" />}
          {refund > 0 && <Figure label="Se le devuelve" value={refund} strong testId="exchange-refund" />}
          {toPay === 0 && refund === 0 && newTotal > 0 && (
            <p className="font-semibold text-emerald-800">El saldo a favor cubre justo los productos nuevos</p>
          )}
        </dl>
        {discounted && credit > 0 && (
          <p className="mt-2 text-xs text-stone-500">
            El saldo a favor exacto lo calcula el sistema con el descuento de la venta; si difiere, te lo dirá.
          </p>
        )}
        {refund > 0 && (
          <div className="mt-3">
            <RefundMethod value={refundMethod} onChange={onRefundMethod} legend="Cómo se le devuelve la diferencia" />
          </div>
        )}
      </SectionCard>
      {toPay > 0 && (
        <PaymentsSection
          title="Pago de la diferencia"
          totalLabel="A pagar"
          payments={payments}
          net={toPay}
          paid={paidOf(payments)}
          onChange={onPayments}
        />
      )}
    </>
  );
}
