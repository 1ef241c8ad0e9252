// Where a company's data may live (docs/sharding.md "Placement"): the D1 location hints a shard is
// created with, named as the superuser reads them.
export const REGION_NAMES: Record<string, string> = {
  wnam: "Norteamérica (oeste)",
  enam: "Norteamérica (este) y Latinoamérica",
  weur: "Europa occidental",
  eeur: "Europa oriental",
  apac: "Asia-Pacífico",
  oc: "Oceanía",
};

export const regionName = (code: string): string => REGION_NAMES[code] ?? code;
