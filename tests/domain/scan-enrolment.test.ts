import { describe, expect, it } from "vitest";
import { type EnrolmentProduct, enrolmentStatus, isKnownModel } from "../../worker/domain/scan/enrolment";
import { DEFAULT_MODEL } from "../../worker/domain/scan/matching";

const OLD = "mobilenet_v1_0.75_224";
const product = (id: number, media: Partial<EnrolmentProduct> = {}): EnrolmentProduct => ({
  id,
  referenceCode: `REF-${id}`,
  brand: "Nike",
  model: `Modelo ${id}`,
  color: null,
  imageKey: null,
  videoKey: null,
  ...media,
});

describe("scan enrolment status", () => {
  it("lists the products without references for the model, in the given order, with their files", () => {
    const list = [product(3, { imageKey: "company/1/products/a.jpg" }), product(1), product(2, { videoKey: "v.webm" })];
    const status = enrolmentStatus(DEFAULT_MODEL, list, [
      { productId: 1, modelId: DEFAULT_MODEL },
      { productId: 1, modelId: OLD },
      { productId: 3, modelId: OLD },
      { productId: 3, modelId: "mobilenet_v1_0.25_224" },
    ]);
    expect(status).toEqual({
      model_id: DEFAULT_MODEL,
      total_products: 3,
      enrolled_products: 1,
      missing: [
        {
          product_id: 3,
          reference_code: "REF-3",
          brand: "Nike",
          model: "Modelo 3",
          color: null,
          image_url: "/api/v1/files/company/1/products/a.jpg",
          video_url: null,
          references_other_models: ["mobilenet_v1_0.25_224", OLD],
        },
        {
          product_id: 2,
          reference_code: "REF-2",
          brand: "Nike",
          model: "Modelo 2",
          color: null,
          image_url: null,
          video_url: "/api/v1/files/v.webm",
          references_other_models: [],
        },
      ],
    });
  });

  it("ignores references of products that are not in the list (retired ones)", () => {
    const status = enrolmentStatus(OLD, [product(1)], [{ productId: 9, modelId: OLD }]);
    expect(status).toMatchObject({ total_products: 1, enrolled_products: 0 });
    expect(status.missing.map((m) => m.product_id)).toEqual([1]);
    expect(enrolmentStatus(OLD, [], [])).toEqual({
      model_id: OLD,
      total_products: 0,
      enrolled_products: 0,
      missing: [],
    });
  });

  it("knows the manifest's model ids and nothing else", () => {
    expect(isKnownModel(DEFAULT_MODEL)).toBe(true);
    expect(isKnownModel(OLD)).toBe(true);
    for (const id of ["resnet", "", "constructor", "toString", "__proto__"]) expect(isKnownModel(id)).toBe(false);
  });
});
