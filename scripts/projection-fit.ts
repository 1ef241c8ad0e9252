// Fitting of the scan's learned projection (PCA, then within-class covariance normalisation), used by
// scripts/learn-projection.ts to write the shipped file and by the benchmark to measure it on shoe
// models it was not fitted on.
import { EigenvalueDecomposition, Matrix } from "ml-matrix";
import type { ProjectionWeights } from "../web/src/ml/projection";

/** rows: unit embeddings (e.g. 768-d MobileNet), labels: one class per row. */
export function fitProjection(
  rows: readonly Float32Array[],
  labels: readonly number[],
  outputSize: number,
  regularisation: number,
): ProjectionWeights {
  const inputSize = rows[0]?.length ?? 0;
  const X = new Matrix(rows.map((r) => Array.from(r)));
  const mean = X.mean("column");
  const centred = X.clone().subRowVector(mean);
  const covariance = centred.transpose().mmul(centred).div(rows.length);
  const pca = new EigenvalueDecomposition(covariance, { assumeSymmetric: true });
  const order = pca.realEigenvalues
    .map((value, index) => ({ value, index }))
    .sort((a, b) => b.value - a.value)
    .slice(0, outputSize)
    .map((e) => e.index);
  const axes = new Matrix(inputSize, outputSize);
  for (const [k, index] of order.entries()) axes.setColumn(k, pca.eigenvectorMatrix.getColumn(index));

  // within-class scatter, accumulated directly in the PCA space (outputSize × outputSize)
  const reduced = centred.mmul(axes);
  const within = new Matrix(outputSize, outputSize);
  for (const label of new Set(labels)) {
    const members = reduced.selection(
      labels.flatMap((l, i) => (l === label ? [i] : [])),
      [...Array(outputSize).keys()],
    );
    const deviations = members.clone().subRowVector(members.mean("column"));
    within.add(deviations.transpose().mmul(deviations));
  }
  within.div(rows.length);
  const ridge = (regularisation * within.trace()) / outputSize;
  for (let i = 0; i < outputSize; i++) within.set(i, i, within.get(i, i) + ridge);
  const wccn = new EigenvalueDecomposition(within, { assumeSymmetric: true });
  const whitening = wccn.eigenvectorMatrix.clone();
  for (const [j, value] of wccn.realEigenvalues.entries()) {
    for (let i = 0; i < outputSize; i++) whitening.set(i, j, whitening.get(i, j) / Math.sqrt(value));
  }
  const matrix = axes.mmul(whitening);
  const packed = new Float32Array(inputSize * outputSize);
  for (let i = 0; i < inputSize; i++) packed.set(matrix.getRow(i), i * outputSize);
  return { inputSize, outputSize, mean: Float32Array.from(mean), matrix: packed };
}
