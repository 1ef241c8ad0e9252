import { fetchReturnNotifications } from "../../api/seller";

/** The notices a seller or a keeper reads (returns received, reservations that lapsed). */
export const noticesQueries = {
  returns: () => ({
    area: "transfers" as const,
    name: "return-notifications",
    load: (signal: AbortSignal) => fetchReturnNotifications(signal),
  }),
};
