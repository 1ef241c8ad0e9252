import { type Answer, api, call, withSignal } from "./http";

export type Receipt = Answer<(typeof api.public.receipts)[":token"]["$get"]>["receipt"];

/** GET /api/v1/public/receipts/:token: a sale's receipt by its link (no sign-in needed). */
export async function fetchReceipt(token: string, signal?: AbortSignal): Promise<Receipt> {
  const { receipt } = await call(api.public.receipts[":token"].$get({ param: { token } }, withSignal(signal)));
  return receipt;
}
