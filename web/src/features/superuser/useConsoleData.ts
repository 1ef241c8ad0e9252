import { useEffect } from "react";
import type { QuerySpec } from "../../lib/query/spec";
import { type RemoteData, useRemoteData } from "../../lib/query/useRemoteData";
import { useFeedback } from "./feedback";

/**
 * A console tab's read (useRemoteData) whose failure is also told in the red banner at the top under
 * the resource's name, taken off by the next success or when the tab is left.
 */
export function useConsoleData<T>(spec: QuerySpec<T> & { enabled?: boolean }): RemoteData<T> {
  const { reportLoad } = useFeedback();
  const remote = useRemoteData(spec);
  const resource = spec.name.split(":")[0] ?? spec.name;
  useEffect(() => reportLoad(resource, remote.error), [resource, remote.error, reportLoad]);
  useEffect(() => () => reportLoad(resource, null), [resource, reportLoad]);
  return remote;
}
