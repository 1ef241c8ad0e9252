// What the demo storefront publishes (issue 32 §6): the demo catalogue's products that get a photo
// (scripts/seed-local.ts attaches them from ../shared/shoes-dev), except one in five, left unpublished so
// the administrador's "Publicar en la tienda" has something to do. The API tests publish their own.
import { demoProducts } from "./catalogue";
import { CATALOGUE } from "./catalogue-data";

const catalogue = demoProducts(CATALOGUE.length * 2).map((p) => p.referenceCode);

/** Whether the seed publishes this demo product once its photo is attached. */
export function publishedOnSeed(referenceCode: string): boolean {
  const index = catalogue.indexOf(referenceCode);
  return index >= 0 && index % 5 !== 4;
}
