// Money crosses the API as whole pesos (issue 31 §6): the money fields of an answer, found by name.

/** Names of numeric fields that hold money (pesos); percentages, counts and scores are not money. */
const MONEY =
  /(amount|total|sales|revenue|cost|costs|profit|price|value|ticket|average_sale|expenses|net_result|efectivo|tarjeta|transferencia|_due)/;
const NOT_MONEY =
  /(percentage|_pct|margin|count|transactions|units|pairs|feet|score|days|minutes|_id$|users|locations|products|items|rate|exhibition|threshold)/;

/** Every money field of `answer` (deep) that is not a whole number, as "path = value". */
export function fractionalMoney(answer: unknown, path = "$"): string[] {
  if (Array.isArray(answer)) return answer.flatMap((item, i) => fractionalMoney(item, `${path}[${i}]`));
  if (answer === null || typeof answer !== "object") return [];
  return Object.entries(answer).flatMap(([key, value]) => {
    const here = `${path}.${key}`;
    if (typeof value === "number") {
      const money = MONEY.test(key) && !NOT_MONEY.test(key);
      return money && !Number.isInteger(value) ? [`${here} = ${value}`] : [];
    }
    // a KPI's value and previous value are money when its unit says so
    if (key === "kpis" && Array.isArray(value)) {
      return value.flatMap((k, i) =>
        k && typeof k === "object" && "unit" in k && k.unit === "money"
          ? [k.value, k.previous_value]
              .filter((x) => typeof x === "number" && !Number.isInteger(x))
              .map((x) => `${here}[${i}] = ${x}`)
          : [],
      );
    }
    // costs_by_type / cost_breakdown: every value is money
    if (/(costs_by_type|cost_breakdown)$/.test(key) && value && typeof value === "object") {
      return Object.entries(value)
        .filter(([, x]) => typeof x === "number" && !Number.isInteger(x))
        .map(([k, x]) => `${here}.${k} = ${x}`);
    }
    return fractionalMoney(value, here);
  });
}
