// Footwear or not, from MobileNet's ImageNet classes (indices of @tensorflow-models/mobilenet's
// IMAGENET_CLASSES, which has 1000 entries after the package drops the background logit).
export const FOOTWEAR_CLASSES: Readonly<Record<number, string>> = {
  502: "clog, geta, patten, sabot",
  514: "cowboy boot",
  630: "Loafer",
  770: "running shoe",
  774: "sandal",
  788: "shoe shop, shoe-shop, shoe store",
};

/** A photo is footwear when the shoe classes together reach this probability, or one of them is the top class. */
export const FOOTWEAR_THRESHOLD = 0.15;

export type FootwearVerdict = {
  is_footwear: boolean;
  /** Summed probability of the footwear classes (0..1). */
  score: number;
  /** The most likely footwear class and its probability. */
  best_class: string;
  best_probability: number;
};

export function footwearOf(probabilities: ArrayLike<number>): FootwearVerdict {
  let score = 0;
  let bestIndex = 770;
  let bestProbability = -1;
  for (const key of Object.keys(FOOTWEAR_CLASSES)) {
    const index = Number(key);
    const p = probabilities[index] ?? 0;
    score += p;
    if (p > bestProbability) {
      bestProbability = p;
      bestIndex = index;
    }
  }
  let top = 0;
  for (let i = 1; i < probabilities.length; i++) if ((probabilities[i] ?? 0) > (probabilities[top] ?? 0)) top = i;
  return {
    is_footwear: score >= FOOTWEAR_THRESHOLD || top in FOOTWEAR_CLASSES,
    score: Math.round(score * 1000) / 1000,
    best_class: FOOTWEAR_CLASSES[bestIndex] ?? "",
    best_probability: Math.round(Math.max(0, bestProbability) * 1000) / 1000,
  };
}
