// Where a company's data may live (docs/sharding.md "Placement"): the D1 location hints a shard is
// created with, named as the superuser reads them.
export const REGION_NAMES: Record<string, string> = {
  wnam: "Norteamérica (oeste)",
  // the east of North America: the nearest D1 location to Latin America
  enam: "Américas",
  weur: "Europa occidental",
  eeur: "Europa oriental",
  apac: "Asia-Pacífico",
  oc: "Oceanía",
};

export const regionName = (code: string): string => REGION_NAMES[code] ?? code;
