// Sales: creation, sale of a received transfer, confirmation or rejection, and the day's lists.
export { confirmSale } from "./confirm";
export { createSale } from "./create";
export {
  createSaleFromTransfer,
  disposalsOf,
  openReturnOf,
  returningUnitsSql,
  soldUnitsSql,
  TRANSFER_RETURNED,
} from "./from-transfer";
export { daySummary, loadSales, oneSale, type SaleDto, salesAndReturnsOfDay, salesOfDay } from "./read";
export { factsLookedUp, type LineFacts, SALE_ITEM_PARAMS, SALE_PAYMENT_PARAMS, saleStatements } from "./statements";
export type { NewSale, Seller } from "./types";
