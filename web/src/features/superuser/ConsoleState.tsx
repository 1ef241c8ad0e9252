import type { ReactNode } from "react";
import type { RemoteData } from "../../lib/query/useRemoteData";
import { LOAD_ERROR } from "../../lib/ui/DataState";
import { ErrorState } from "../../lib/ui/ErrorState";
import { Spinner } from "../../lib/ui/Spinner";

type StateProps<T> = {
  live: RemoteData<T>;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
};

/**
 * A console read's states: the failure with a retry while nothing was received, a spinner on the
 * first load, then the data (the console keeps no copy in the browser, so no last-data banner).
 */
export function ConsoleState<T>({ live, loadingLabel, children }: StateProps<T>) {
  return (
    <>
      {live.error && !live.data && <ErrorState title={LOAD_ERROR} message={live.error} onRetry={() => live.reload()} />}
      {!live.data && !live.error && <Spinner label={loadingLabel} />}
      {live.data && children(live.data)}
    </>
  );
}

type ToolbarProps = {
  /** The filters' grid columns from `sm` up. */
  columns: string;
  /** The tab's main action, on the right. */
  action: ReactNode;
  children: ReactNode;
};

/** A tab's first row: its filters and its main action, stacked on phones. */
export function TabToolbar({ columns, action, children }: ToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className={`grid flex-1 gap-3 ${columns} lg:max-w-2xl`}>{children}</div>
      {action}
    </div>
  );
}
