import { lastDataStore } from "../../lib/lastData";

export type { StoredData } from "../../lib/lastData";

const store = lastDataStore("transfers");
export const lastDataKey = store.key;
export const saveLastData = store.save;
export const readLastData = store.read;
