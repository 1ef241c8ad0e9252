import { type Answer, api, type Body, call, query, withSignal } from "./http";
import { storedCopyOf } from "./stored";

/** Alert e-mails (worker/routes/company/admin-alerts.ts, docs/alerts.md): what was sent or waits, and the settings. */
const messages = api.admin.admin["alert-messages"];
const settings = api.admin.admin["alert-settings"];

export type AlertMessages = Answer<typeof messages.$get>;
export type AlertMessage = AlertMessages["messages"][number];
export type AlertSettingsAnswer = Answer<typeof settings.$get>;
export type AlertSettings = AlertSettingsAnswer["settings"];
export type AlertSettingsChanges = Body<typeof settings.$put>;

/** The last-data copies (lib/lastData.ts). */
export const AlertMessagesSchema = storedCopyOf<AlertMessages>("messages");
export const AlertSettingsSchema = storedCopyOf<AlertSettingsAnswer>("settings");

/** GET /alert-messages: the newest first. */
export function fetchAlertMessages(signal?: AbortSignal, limit = 20) {
  return call(messages.$get({ query: query({ limit }) }, withSignal(signal)));
}

/** GET /alert-settings. */
export function fetchAlertSettings(signal?: AbortSignal) {
  return call(settings.$get({}, withSignal(signal)));
}

/** PUT /alert-settings: the fields given; 422 with the reason. */
export function saveAlertSettings(changes: AlertSettingsChanges) {
  return call(settings.$put({ json: changes }));
}
