// Which views of an image become embeddings (kept apart from TF.js so tests and scripts can read them).
/**
 * Views of one photo (their embeddings are averaged). Measured with `npm run bench:scan` on
 * ../shared/shoes-dev: with the catalogue holding each photo and its mirror image as references,
 * averaging the scan's mirror or 80 % crops in did not help (43 % / 42 % top-1 against 46 % for the
 * plain photo) and doubles the phone's time, so a scan uses one view.
 */
export type View = "stretch" | "flip" | "crop" | "crop-flip" | "pad";
export const QUERY_VIEWS: readonly View[] = ["stretch"];
/**
 * Catalogue references: each photo, its mirror image (+5 points top-1 on the bench) and the photo
 * padded to a square on white (its true proportions), stored as separate references. The padded view
 * added +5 points top-1 on shoe models the projection never saw (shoes-dev, 10 random enrolments per
 * fold) and +3.6 on shoes-train's own queries; crops, grey and GeM pooling did not help (docs/benchmarks.md, "Scan recognition"). Only
 * enrolment pays for it: a scan stays one view.
 */
export const ENROL_VIEWS: readonly View[] = ["stretch", "flip", "pad"];
