// What the superadmin suites share: the typed routes as the superuser, a new company, and the billing helpers.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { companies, locations, userDirectory } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { byId, client, DEMO, dbOf, login, ok, platform } from "../support/helpers";

export const BASE = "/api/v1/superadmin";
export const su = () => login(DEMO.superuser);
/** The superadmin routes as typed calls, as the superuser. */
export const sa = async () => client(await su()).superadmin;
type Routes = Awaited<ReturnType<typeof sa>>;
export type CompanyInput = InferRequestType<Routes["companies"]["$post"]>["json"];
export type ChangeInput = InferRequestType<Routes["subscriptions"]["change"]["$post"]>["json"];

export async function newCompany(subdomain: string, extra: Partial<CompanyInput> = {}) {
  const json = { name: `Empresa ${subdomain}`, subdomain, email: `info@${subdomain}.co`, ...extra };
  return (await ok((await sa()).companies.$post({ json }), 201)).company;
}

export const bogotaToday = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
export const daysFromToday = (days: number) =>
  new Date(Date.parse(`${bogotaToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function changePlan(json: ChangeInput) {
  return (await sa()).subscriptions.change.$post({ json });
}

export async function historyOf(companyId: number) {
  return (await ok((await sa()).subscriptions[":id"].history.$get({ param: byId(companyId) }))).history;
}

export async function addLocations(companyId: number, count: number) {
  for (let i = 0; i < count; i++)
    await (await dbOf(companyId))
      .insert(locations)
      .values({ companyId, name: `Local ${companyId}-${i}-${Date.now()}` });
}

/** Runs the Worker's Cron Trigger handler as Cloudflare would at `day` 06:00 UTC (01:00 in Bogotá). */
export async function runCron(day: string) {
  const controller = createScheduledController({ scheduledTime: Date.parse(`${day}T06:00:00Z`), cron: "0 5 * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

export async function planOf(companyId: number) {
  const [row] = await platform().select().from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function companyOf(email: string) {
  const [row] = await platform().select().from(userDirectory).where(eq(userDirectory.email, email));
  return row?.companyId;
}
