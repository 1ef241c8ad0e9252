import type { DeliveryFailureReason } from "../../../../shared/constants";
import {
  type CourierFilter,
  courierAccept,
  courierConfirmDelivery,
  courierConfirmOriginReturn,
  courierConfirmPickup,
  courierReportFailed,
  courierReturnToOrigin,
} from "../../api/transfers";
import { writeHooks } from "../../lib/query/write";

/** The courier's reads (area transfers): their own transports, and those available, one read per filter. */
export const COURIER_BOARD = "courier.board";
export const availableRead = (filter: CourierFilter) => `courier.available.${filter}`;
const EVERY_FILTER = { all: true, cliente: true, restock: true } satisfies Record<CourierFilter, true>;
const AVAILABLE = Object.keys(EVERY_FILTER).map((filter) => availableRead(filter as CourierFilter));

/**
 * The courier's writes. Each changes the courier's board; accepting also takes the transport out of
 * the available ones. The reads are loaded again before the call settles (everyone else's screens
 * hear of it through the live events).
 */
const write = writeHooks("transfers");
const BOARD = [COURIER_BOARD];

type Step = { id: number; isReturn: boolean };

export const useCourierAccept = write(
  ({ id, isReturn, etaMinutes }: Step & { etaMinutes: number }) => courierAccept(id, isReturn, etaMinutes),
  [...BOARD, ...AVAILABLE],
);

export const useConfirmPickup = write(({ id, isReturn }: Step) => courierConfirmPickup(id, isReturn), BOARD);

export const useConfirmDelivery = write(({ id, isReturn }: Step) => courierConfirmDelivery(id, isReturn), BOARD);

/** A failed attempt: the product stays with the courier. */
export const useReportFailedDelivery = write(
  (attempt: { id: number; reason: DeliveryFailureReason; notes: string; key: string }) =>
    courierReportFailed(attempt.id, attempt.reason, attempt.notes, attempt.key),
  BOARD,
);

export const useReturnToOrigin = write((id: number) => courierReturnToOrigin(id), BOARD);

export const useConfirmOriginReturn = write((id: number) => courierConfirmOriginReturn(id), BOARD);
