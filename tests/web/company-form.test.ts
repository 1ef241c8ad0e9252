import { describe, expect, it } from "vitest";
import { CREATE_DEFAULTS, toNewCompany } from "../../web/src/features/superuser/companies/companyForm";

const filled = { ...CREATE_DEFAULTS, name: "Zapatos Norte", subdomain: "norte", email: "info@norte.co" };

describe("the new-company form's region (where its data lives)", () => {
  it("sends the region the superuser picked", () => {
    const checked = toNewCompany({ ...filled, region: "weur" });
    expect(checked.ok && checked.value.region).toBe("weur");
  });

  it("leaves it to the platform's default when none was picked", () => {
    const checked = toNewCompany(filled);
    expect(checked.ok).toBe(true);
    expect(checked.ok && "region" in checked.value).toBe(false);
  });
});
