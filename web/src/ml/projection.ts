// The learned projection some scan models apply after MobileNet (models/manifest.json `projection`,
// scripts/learn-projection.ts): centre, multiply by the inputSize × outputSize matrix, L2-normalise.
import { l2normalise } from "./vectors";

export type ProjectionWeights = {
  inputSize: number;
  outputSize: number;
  /** inputSize values */
  mean: Float32Array;
  /** inputSize × outputSize, row-major */
  matrix: Float32Array;
};

/** The file's layout: little-endian float32, the mean then the matrix. */
export function projectionFromBytes(bytes: ArrayBuffer, inputSize: number, outputSize: number): ProjectionWeights {
  const expected = 4 * (inputSize + inputSize * outputSize);
  if (bytes.byteLength !== expected) {
    throw new Error(
      `Proyección del modelo con tamaño inesperado (${bytes.byteLength} bytes, se esperaban ${expected})`,
    );
  }
  const values = new Float32Array(bytes);
  return { inputSize, outputSize, mean: values.subarray(0, inputSize), matrix: values.subarray(inputSize) };
}

export function project(embedding: ArrayLike<number>, weights: ProjectionWeights): Float32Array {
  const { inputSize, outputSize, mean, matrix } = weights;
  if (embedding.length !== inputSize) {
    throw new Error(`La huella tiene ${embedding.length} valores; la proyección espera ${inputSize}`);
  }
  const unit = l2normalise(embedding);
  const out = new Float64Array(outputSize);
  for (let i = 0; i < inputSize; i++) {
    const x = (unit[i] ?? 0) - (mean[i] ?? 0);
    const row = i * outputSize;
    for (let j = 0; j < outputSize; j++) out[j] = (out[j] ?? 0) + x * (matrix[row + j] ?? 0);
  }
  return l2normalise(out);
}
