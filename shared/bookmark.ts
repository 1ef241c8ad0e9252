// Read-your-writes from a D1 replica (issue 34, docs/sharding.md "Reads near the user"): every API answer
// carries the company database session's bookmark in this header, and the SPA sends the newest one it
// got back with its next call, so a read from a replica is at least as fresh as the caller's last write.

export const BOOKMARK_HEADER = "X-D1-Bookmark";

/** A D1 session bookmark as D1 writes them ("00000000-000000d2-00000000-<32 hex>"); anything else is ignored. */
export function isBookmark(text: string | null | undefined): text is string {
  return typeof text === "string" && /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/.test(text);
}
