import { getCompanyWithBoss, listCompanies } from "../../../api/superadmin";
import type { Boss, Company } from "../../../api/superadmin-schemas";

export type CompanyBoss = { company: Company; boss: Boss | null };

/** At most this many boss look-ups at once, so a long company list does not flood the Worker. */
const PARALLEL = 6;

/**
 * The bosses tab: companies (limit 100) and whether each has a boss. The API has no list of bosses,
 * so each company's boss comes from GET /companies/{id}/with-boss.
 */
export async function loadCompanyBosses(signal: AbortSignal): Promise<CompanyBoss[]> {
  const { companies } = await listCompanies({}, signal);
  const result: CompanyBoss[] = new Array(companies.length);
  let next = 0;
  const worker = async () => {
    while (next < companies.length) {
      const index = next++;
      const company = companies[index];
      if (!company) continue;
      const detail = await getCompanyWithBoss(company.id, signal);
      result[index] = { company: detail.company, boss: detail.boss };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, companies.length) }, worker));
  return result;
}
