import { useState } from "react";
import type { ReturnableSale, SaleReturn } from "../../../api/sale-returns";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Notice } from "../../../lib/ui/Notice";
import { sellerQueries } from "../queries";
import { FindSale } from "./FindSale";
import { ReturnDone } from "./ReturnDone";
import { ReturnForm } from "./ReturnForm";
import { leftOf } from "./returnForm";
import { SaleHeader } from "./SaleHeader";

type Props = {
  /** ?sale=<id>: the sale 'Devolver / Cambiar' of Ventas del Día opened the view with. */
  saleId?: number;
  /** The seller moves on to another sale: the URL forgets the one it came with. */
  onLeaveSale: () => void;
};

/** Why nothing of a sale can come back, when that is so. */
function notReturnable({ sale }: ReturnableSale): string | null {
  if (sale.status !== "completed") return "La venta fue rechazada: no hay nada que devolver.";
  if (sale.requires_confirmation && !sale.confirmed) return "La venta aún no está confirmada: no se puede devolver.";
  if (sale.items.every((i) => leftOf(i) === 0)) return "Todo lo de esta venta ya se devolvió.";
  return null;
}

/**
 * 'Devoluciones y Cambios': find the sale, choose what comes back and how the customer is paid back
 * (money or other products), then the receipt of the return.
 */
export function ReturnsView({ saleId, onLeaveSale }: Props) {
  const [code, setCode] = useState<string | null>(saleId === undefined ? null : String(saleId));
  const [done, setDone] = useState<SaleReturn | null>(null);
  const sale = useRemoteData({ ...sellerQueries.returnableSale(code ?? ""), enabled: code !== null });

  function find(next: string) {
    if (next === code) sale.reload();
    else setCode(next);
  }

  function leave() {
    setCode(null);
    setDone(null);
    onLeaveSale();
  }

  if (done) return <ReturnDone done={done} onAnother={leave} />;

  const found = code === null ? null : sale.data;
  if (!found) {
    return <FindSale busy={sale.busy} failure={code !== null ? sale.error : null} onFind={find} />;
  }
  const blocked = notReturnable(found);
  return (
    <div className="space-y-4">
      <SaleHeader sale={found.sale} returns={found.returns} onOther={leave} />
      {blocked ? (
        <Notice tone="warning">{blocked}</Notice>
      ) : (
        <ReturnForm
          key={`${found.sale.id}-${found.returns.length}`}
          sale={found.sale}
          onDone={(saleReturn) => {
            // the return's hook made what is left of the sale stale: a later search reads it again
            setCode(null);
            setDone(saleReturn);
          }}
        />
      )}
    </div>
  );
}
