import type { ReactNode } from "react";
import type { RemoteData } from "../query/useRemoteData";
import { LastDataBanner } from "./LastDataBanner";
import { Spinner } from "./Spinner";

export const LOAD_ERROR = "Error al cargar datos";

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
        <LastDataBanner
          title={LOAD_ERROR}
          detail={live.error}
          receivedAt={live.data !== null ? live.receivedAt : null}
          busy={live.busy}
          onRetry={live.reload}
          noDataText="No hay datos guardados en este dispositivo para mostrar."
        />
      )}
      {live.data === null && live.status !== "error" && <Spinner label={loadingLabel} />}
      {live.data !== null && children(live.data)}
    </>
  );
}
