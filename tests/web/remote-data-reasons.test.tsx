import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../web/src/lib/AppProviders";
import { invalidate } from "../../web/src/lib/query/spec";
import { type LoadReason, useRemoteData } from "../../web/src/lib/query/useRemoteData";
import { signIn } from "./helpers";

describe("why a load ran (useRemoteData)", () => {
  it("a reload is told with its reason; a load a write's invalidation started is an event, busy and settled", async () => {
    signIn({ role: "administrador", id: 2 });
    const settled: LoadReason[] = [];
    let answer = 0;
    let hold: Promise<void> | null = null;
    let release: () => void = () => undefined;
    const { result } = renderHook(
      () =>
        useRemoteData({
          area: "admin",
          name: "things:all",
          load: async () => {
            if (hold) await hold;
            return ++answer;
          },
          onSettled: ({ reason }) => settled.push(reason),
        }),
      { wrapper: AppProviders },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.reload("manual"));
    await waitFor(() => expect(result.current.data).toBe(2));

    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: Promise<void> = Promise.resolve();
    act(() => {
      written = invalidate("admin", "things");
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    // not 'manual': the screen's 'Actualizando...' is for the loads its user asked for
    expect(result.current.busyReason).toBe("event");
    release();
    await act(() => written);
    await waitFor(() => expect(result.current.data).toBe(3));
    expect(settled).toEqual(["initial", "manual", "event"]);
  });
});
