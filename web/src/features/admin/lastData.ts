import { lastDataStore } from "../../lib/lastData";

export type { StoredData } from "../../lib/lastData";

const store = lastDataStore("admin");
export const adminDataKey = store.key;
export const saveAdminData = store.save;
export const readAdminData = store.read;
