import { describe, expect, it } from "vitest";
import { IDLE, SCAN_ERRORS, type ScanState, scanReducer } from "../../web/src/features/scan/flow";
import {
  buildSale,
  buildTransferRequest,
  cardSizes,
  cardSuggestions,
  DEFAULT_SIZES,
  defaultLocation,
  defaultSize,
  locationChoices,
  SIZE_NOT_FOUND,
  SOURCE_UNKNOWN,
  saleDraftFromScan,
  sizeChoices,
  sizeDetail,
  transferTypeOf,
} from "../../web/src/features/scan/logic";
import { CAMERA_ERRORS, cameraErrorMessage } from "../../web/src/lib/ui/camera";
import { footwearOf } from "../../web/src/ml/footwear";
import { type Catalogue, l2normalise, meanDirection, nearestProducts } from "../../web/src/ml/vectors";
import { converseMatch, LOCAL, scanResponse } from "./scan-fixtures";

const none = { pairs: 0, left_feet: 0, right_feet: 0, missing_foot: null, local_left: 0, local_right: 0 } as const;

describe("transfer type rule (spec 1 §5)", () => {
  it("complete pairs sellable at the source → pair, even with single feet around", () => {
    expect(transferTypeOf({ ...none, pairs: 2, left_feet: 1, right_feet: 1 })).toBe("pair");
  });
  it("both feet available at the source → form_pair", () => {
    expect(transferTypeOf({ ...none, left_feet: 1, right_feet: 3 })).toBe("form_pair");
  });
  it("missing right foot here with left feet available → right_foot", () => {
    expect(transferTypeOf({ ...none, right_feet: 2, missing_foot: "right", local_left: 1 })).toBe("right_foot");
  });
  it("missing left foot here with right feet available → left_foot", () => {
    expect(transferTypeOf({ ...none, left_feet: 2, missing_foot: "left", local_right: 2 })).toBe("left_foot");
  });
  it("otherwise pair", () => {
    expect(transferTypeOf(none)).toBe("pair");
    expect(transferTypeOf({ ...none, missing_foot: "right", local_left: 0 })).toBe("pair");
  });
});

describe("transfer request payload built by the scanner", () => {
  const match = converseMatch();

  it("a size without pairs here asks the warehouse for a pair, with its counts and options", () => {
    const built = buildTransferRequest(match, "38", 4, LOCAL.id);
    expect(built).toEqual({
      ok: true,
      prefill: expect.objectContaining({
        sneaker_reference_code: "CONVERSE-01",
        brand: "Converse",
        model: "Chuck 70 Low",
        color: "Negro",
        size: "38",
        source_location_id: 4,
        destination_location_id: LOCAL.id,
        pairs: 2,
        left_feet: 0,
        right_feet: 0,
        can_sell: true,
        can_form_pair: false,
        missing_foot: null,
        location_name: "Bodega Principal",
        transfer_type: "pair",
        available_options: {
          pairs_available: true,
          pairs_quantity: 2,
          left_feet_available: false,
          left_feet_quantity: 0,
          right_feet_available: false,
          right_feet_quantity: 0,
        },
      }),
    });
  });

  it("a lone left foot here and right feet in the warehouse → right_foot", () => {
    const built = buildTransferRequest(match, "41", 4, LOCAL.id);
    expect(built.ok && built.prefill.transfer_type).toBe("right_foot");
    expect(built.ok && built.prefill.missing_foot).toBe("right");
  });

  it("the chosen size and a source location must be known (spec's texts)", () => {
    expect(buildTransferRequest(match, null, 4, LOCAL.id)).toEqual({ ok: false, error: SIZE_NOT_FOUND });
    expect(buildTransferRequest(match, "50", 4, LOCAL.id)).toEqual({ ok: false, error: SIZE_NOT_FOUND });
    expect(buildTransferRequest(match, "40", null, LOCAL.id)).toEqual({ ok: false, error: SOURCE_UNKNOWN });
    expect(buildTransferRequest(match, "40", LOCAL.id, LOCAL.id)).toEqual({ ok: false, error: SOURCE_UNKNOWN });
    expect(buildTransferRequest(match, "40", 99, LOCAL.id)).toEqual({ ok: false, error: SOURCE_UNKNOWN });
  });

  it("'Vender' hands the sales form one line of the product in the size", () => {
    const sale = buildSale(match, "40");
    expect(sale).toEqual({
      reference_code: "CONVERSE-01",
      brand: "Converse",
      model: "Chuck 70 Low",
      color: "Negro",
      size: "40",
      unit_price: 369_900,
    });
    expect(buildSale(match, null)).toEqual({ error: SIZE_NOT_FOUND });
    if ("error" in sale) throw new Error("sale expected");
    const line = saleDraftFromScan(sale).lines[0];
    expect(line).toMatchObject({ reference_code: "CONVERSE-01", size: "40", quantity: "1", unit_price: "369900" });
  });
});

describe("options and details stages", () => {
  const match = converseMatch();

  it("an option card shows the first 5 sizes and the first 2 transfer suggestions", () => {
    expect(cardSizes(match)).toEqual({ shown: ["38", "39", "40", "41", "42"], more: 2 });
    expect(cardSuggestions(match).map((s) => s.location_name)).toEqual(["Bodega Principal", "Local Chapinero"]);
  });

  it("details start on the first size sellable here, at the seller's own location", () => {
    expect(defaultSize(match)).toBe("39");
    expect(defaultLocation(sizeDetail(match, "39"), LOCAL.id)).toBe(LOCAL.id);
  });

  it("a size not sellable here starts on the location with stock; own location listed first", () => {
    expect(defaultLocation(sizeDetail(match, "38"), LOCAL.id)).toBe(4);
    expect(locationChoices(sizeDetail(match, "40"), LOCAL.id).map((l) => l.location_id)).toEqual([LOCAL.id, 4]);
    expect(locationChoices(sizeDetail(match, "41"), LOCAL.id).map((l) => l.location_name)).toEqual([
      "Local Centro",
      "Local Chapinero",
      "Bodega Principal",
    ]);
  });

  it("sizes are sorted numerically; without stock data the default sizes 7–11 show", () => {
    expect(sizeChoices(match)).toEqual(["38", "39", "40", "41", "42", "43", "44"]);
    expect(sizeChoices({ ...match, sizes: { available_sizes: [], detailed_by_size: {} } })).toEqual(DEFAULT_SIZES);
  });

  it("stages: processing → options → details → back to options; no matches → none; success false → error", () => {
    let state: ScanState = scanReducer(IDLE, { type: "start" });
    expect(state).toEqual({ stage: "processing", step: "device", device: null });
    const device = {
      footwear: { is_footwear: true, score: 0.9, best_class: "running shoe", best_probability: 0.8 },
      guesses: [],
      ms: 40,
      backend: "wasm",
    };
    state = scanReducer(state, { type: "device", device });
    expect(state).toMatchObject({ stage: "processing", step: "server" });
    const guess = { product_id: 11, similarity: 0.9, product: null };
    state = scanReducer(state, { type: "guesses", guesses: [guess] });
    expect(state.stage === "processing" && state.device?.guesses).toEqual([guess]);
    const response = scanResponse();
    state = scanReducer(state, { type: "response", response });
    expect(state.stage).toBe("options");
    state = scanReducer(state, { type: "choose", productId: 11 });
    expect(state.stage === "details" && state.match.product.reference_code).toBe("CONVERSE-01");
    state = scanReducer(state, { type: "back" });
    expect(state.stage).toBe("options");
    expect(scanReducer(state, { type: "choose", productId: 999 })).toEqual({
      stage: "error",
      message: SCAN_ERRORS.details,
      detail: null,
    });
    expect(scanReducer(state, { type: "response", response: scanResponse([]) }).stage).toBe("none");
    // Horma's Worker always answers success: true; the spec's client still handles a refusal
    const refused = { ...response, success: false } as unknown as typeof response;
    expect(scanReducer(state, { type: "response", response: refused })).toEqual({
      stage: "error",
      message: "La API no pudo procesar la imagen",
      detail: null,
    });
    expect(scanReducer(state, { type: "failed", detail: "sin red" })).toEqual({
      stage: "error",
      message: "Error desconocido al procesar la imagen",
      detail: "sin red",
    });
  });
});

describe("camera error mapping (spec 1 §8)", () => {
  const err = (name: string) => new DOMException("x", name);
  it.each([
    ["NotAllowedError", CAMERA_ERRORS.denied],
    ["PermissionDeniedError", CAMERA_ERRORS.denied],
    ["NotFoundError", CAMERA_ERRORS.notFound],
    ["OverconstrainedError", CAMERA_ERRORS.notFound],
    ["NotSupportedError", CAMERA_ERRORS.unsupported],
    ["NotReadableError", CAMERA_ERRORS.busy],
    ["TrackStartError", CAMERA_ERRORS.busy],
    ["SomethingElse", CAMERA_ERRORS.generic],
  ])("%s → %s", (name, text) => {
    expect(cameraErrorMessage(err(name))).toBe(text);
  });
  it("the texts are the spec's", () => {
    expect(Object.values(CAMERA_ERRORS)).toEqual([
      "Acceso a la cámara denegado. Por favor, permite el acceso y reintenta.",
      "No se encontró ninguna cámara en tu dispositivo.",
      "Tu navegador no soporta acceso a la cámara.",
      "La cámara está siendo usada por otra aplicación.",
      "No se pudo acceder a la cámara.",
    ]);
    expect(cameraErrorMessage(new TypeError("no mediaDevices"))).toBe(CAMERA_ERRORS.unsupported);
    expect(cameraErrorMessage("raro")).toBe(CAMERA_ERRORS.generic);
  });
});

describe("on-device pieces", () => {
  it("footwear from the ImageNet shoe classes", () => {
    const probs = new Float32Array(1000);
    probs[770] = 0.1; // running shoe
    probs[630] = 0.08; // Loafer
    probs[5] = 0.82;
    expect(footwearOf(probs)).toMatchObject({ is_footwear: true, best_class: "running shoe" });
    const other = new Float32Array(1000);
    other[606] = 0.99; // iron
    expect(footwearOf(other).is_footwear).toBe(false);
  });

  it("nearest products over the int8 catalogue: best reference per product, like the server", () => {
    const a = l2normalise([1, 0, 0, 0]);
    const b = l2normalise([0, 1, 0, 0]);
    const c = l2normalise([0.9, 0.1, 0, 0]);
    const q = (v: Float32Array) => Int8Array.from(v, (x) => Math.round(x * 127));
    const catalogue: Catalogue = {
      modelId: "m",
      dims: 4,
      scale: 1 / 127,
      productIds: [7, 8, 8],
      vectors: Int8Array.from([...q(a), ...q(b), ...q(c)]),
    };
    const guesses = nearestProducts(l2normalise([1, 0.05, 0, 0]), catalogue);
    expect(guesses.map((g) => g.productId)).toEqual([7, 8]);
    expect(guesses[0]?.similarity).toBeCloseTo(0.998, 2);
    expect(meanDirection([a, b])[0]).toBeCloseTo(Math.SQRT1_2, 5);
  });
});
