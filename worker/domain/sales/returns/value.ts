// How an exchange settles its credit (what returned units are worth is domain/fiscal/tax.ts's returnedShare).
/** How an exchange settles: the credit pays the new sale first; the rest goes back, or the customer pays. */
export function exchangeSettlement(creditCentavos: number, newTotalCentavos: number) {
  const applied = Math.min(creditCentavos, newTotalCentavos);
  return {
    /** paid to the new sale as nota_credito */
    credit: applied,
    /** given back to the customer */
    refund: creditCentavos - applied,
    /** what the customer still pays for the new sale */
    toPay: newTotalCentavos - applied,
  };
}
