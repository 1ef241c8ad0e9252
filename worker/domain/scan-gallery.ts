// Moved to scan/gallery.ts (issue 35, contexts as folders). web/ still imports this path: kept until it
// imports the new one, then deleted.
export * from "./scan/gallery";
