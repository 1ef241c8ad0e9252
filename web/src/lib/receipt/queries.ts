import { fetchReceipt } from "../../api/receipts";

/** A receipt by its link's token (no sign-in needed): the receipt page's read, and the seller's right after a sale. */
export const receiptQuery = (token: string) => ({
  area: "public" as const,
  name: `receipt:${token}`,
  load: (signal: AbortSignal) => fetchReceipt(token, signal),
});
