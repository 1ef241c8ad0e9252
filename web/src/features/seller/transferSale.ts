import { useEffect, useState } from "react";
import { TRANSFER_ID_MISSING } from "../../../../shared/messages";
import { plural, pluralWord } from "../../../../shared/plural";
import { fetchTransferDetails } from "../../api/transfers";
import type { Transfer } from "../../api/transfers-schemas";
import { errorText } from "../../lib/logistics/errors";
import { emptyLine, emptyPayment, NO_DISCOUNT, type SaleDraft } from "./saleForm";

/** A sale prefilled from a completed transfer (spec 1 §2 'Sales form', §5). */

/** The id in ?transfer_id=, or null when it is not a positive integer. */
export function parseTransferId(raw: string): number | null {
  const trimmed = raw.trim();
  if (!/^\d{1,12}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id >= 1 ? id : null;
}

/** Pairs of the transfer still to sell: one pair formed from a single foot; otherwise what is left of it. */
export function transferLeft(t: Transfer): number {
  return t.transfer_type === "single_foot" ? Math.min(1, t.left_to_sell) : t.left_to_sell;
}

/** Units the sale takes at first: every pair left of the transfer (the seller may lower it). */
export function transferSaleQuantity(t: Transfer): number {
  return transferLeft(t);
}

/** Why the quantity typed cannot be sold from this transfer, or null when it can. */
export function transferQuantityProblem(t: Transfer, quantity: string): string | null {
  const left = transferLeft(t);
  const n = Number(quantity);
  if (quantity.trim() === "" || !Number.isInteger(n) || n < 1) return "Indica cuántos pares vendes (al menos 1)";
  if (n > left)
    return `Solo ${pluralWord(left, "queda", "quedan")} ${plural(left, "par", "pares")} de esta transferencia por vender (pediste ${n})`;
  return null;
}

/** The form with the transfer's product, quantity and list price; payments and notes stay to fill. */
export function draftFromTransfer(t: Transfer): SaleDraft {
  return {
    lines: [
      {
        ...emptyLine(),
        reference_code: t.sneaker_reference_code,
        brand: t.brand,
        model: t.model,
        color: t.product_color ?? "",
        size: t.size,
        quantity: String(transferSaleQuantity(t)),
        unit_price: t.product_info.unit_price === null ? "" : String(t.product_info.unit_price),
        catalogue_price: t.product_info.unit_price,
      },
    ],
    discount: NO_DISCOUNT,
    payments: [emptyPayment()],
    notes: "",
    requiresConfirmation: false,
  };
}

export type TransferSaleState =
  | { status: "missing-id" }
  | { status: "loading" }
  | { status: "ready"; transfer: Transfer }
  | { status: "error"; message: string };

/** Loads the transfer behind a sale and hands its draft to the form once. */
export function useTransferSale(transferId: number | null, onLoaded: (draft: SaleDraft) => void): TransferSaleState {
  const [state, setState] = useState<TransferSaleState>(
    transferId === null ? { status: "missing-id" } : { status: "loading" },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: onLoaded fills the form once per transfer id.
  useEffect(() => {
    if (transferId === null) {
      setState({ status: "missing-id" });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchTransferDetails(transferId, controller.signal).then(
      (transfer) => {
        if (controller.signal.aborted) return;
        const problem =
          transfer.request_type !== "transfer"
            ? "Una devolución no se puede vender"
            : transfer.status === "delivered"
              ? "La transferencia aún no se recibió: confirma la recepción antes de venderla"
              : transfer.status === "cancelled"
                ? "La transferencia fue cancelada: no trajo pares que vender"
                : transfer.status !== "completed"
                  ? "La transferencia aún no se recibió"
                  : transferLeft(transfer) < 1
                    ? transfer.returned
                      ? "Esta transferencia va de vuelta en una devolución: no queda nada por vender"
                      : "Ya se vendieron todos los pares de esta transferencia"
                    : null;
        if (problem) {
          setState({ status: "error", message: problem });
          return;
        }
        onLoaded(draftFromTransfer(transfer));
        setState({ status: "ready", transfer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", message: errorText(error) });
      },
    );
    return () => controller.abort();
  }, [transferId]);
  return state;
}

export { TRANSFER_ID_MISSING };
