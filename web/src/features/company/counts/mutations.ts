import { useMutation } from "@tanstack/react-query";
import { type CountLineInput, cancelCount, deleteCountLine, postCount, saveCountLine } from "../../../api/counts";
import { invalidate } from "../../../lib/query/spec";

/**
 * A stock count's writes. A line changes the count's progress and its variances; posting it changes
 * stock, so every stock read of the panel is stale too.
 */
const countChanged = (countId: number, ...more: string[]) =>
  invalidate("admin", `count:${countId}`, `count-variances:${countId}`, "counts", ...more);

export function useSaveCountLine(countId: number) {
  return useMutation({
    mutationFn: ({ line, key }: { line: CountLineInput; key: string }) => saveCountLine(countId, line, key),
    onSuccess: () => countChanged(countId),
  });
}

export function useDeleteCountLine(countId: number) {
  return useMutation({
    mutationFn: (lineId: number) => deleteCountLine(countId, lineId),
    onSuccess: () => countChanged(countId),
  });
}

/** Posting applies the differences as adjustments; cancelling leaves stock as it was. */
export function useFinishCount(countId: number) {
  return useMutation({
    mutationFn: ({ kind, key }: { kind: "post" | "cancel"; key: string }) =>
      kind === "post" ? postCount(countId, key) : cancelCount(countId, key),
    onSuccess: (_answer, { kind }) =>
      kind === "post" ? countChanged(countId, "catalogue", "inventory-alerts", "dashboard") : countChanged(countId),
  });
}
