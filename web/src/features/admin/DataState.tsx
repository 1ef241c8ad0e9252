import type { ReactNode } from "react";
import type { RemoteData } from "../../lib/query/useRemoteData";
import { Spinner } from "../../lib/ui/Spinner";
import { LoadError } from "./LoadError";

type Props<T> = {
  live: RemoteData<T>;
  loadingLabel: string;
  children: (data: T) => ReactNode;
};

/** Spinner on the first load; on failure the error block above whatever real data there is. */
export function DataState<T>({ live, loadingLabel, children }: Props<T>) {
  return (
    <>
      {live.status === "error" && (
        <LoadError
          detail={live.error}
          receivedAt={live.receivedAt}
          busy={live.busy}
          onRetry={live.reload}
          hasData={live.data !== null}
        />
      )}
      {live.data === null && live.status !== "error" && <Spinner label={loadingLabel} />}
      {live.data !== null && children(live.data)}
    </>
  );
}
