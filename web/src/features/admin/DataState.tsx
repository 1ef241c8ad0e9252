import type { ReactNode } from "react";
import { Spinner } from "../../lib/ui/Spinner";
import { LoadError } from "./LoadError";
import type { AdminData } from "./useAdminData";

type Props<T> = {
  live: AdminData<T>;
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
