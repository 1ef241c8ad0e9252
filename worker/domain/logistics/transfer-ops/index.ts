// Transfers and returns against D1: creating requests and applying a planned transition with its
// stock effect in ONE batch. Called by the TransferHub Durable Object, which serialises them per company.

export * from "./apply";
export * from "./create";
export * from "./return";
export * from "./stock-effects";
export * from "./types";
