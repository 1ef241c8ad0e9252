import { type Answer, api, call, type Input, withSignal } from "./http";

const settings = api.admin.admin.settings;

export type ReceiptSettings = Answer<typeof settings.$get>["settings"];
export type ReceiptSettingsChanges = Input<typeof settings.$put>["json"];

export async function fetchReceiptSettings(signal?: AbortSignal): Promise<ReceiptSettings> {
  return (await call(settings.$get({}, withSignal(signal)))).settings;
}

export async function saveReceiptSettings(changes: ReceiptSettingsChanges): Promise<ReceiptSettings> {
  return (await call(settings.$put({ json: changes }))).settings;
}
