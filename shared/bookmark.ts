// Read-your-writes from a D1 replica (issue 34, docs/sharding.md "Reads near the user"): every API answer
// carries the company database session's bookmark in this header, and the SPA sends the newest one it
// got back with its next call, so a read from a replica is at least as fresh as the caller's last write.
// The header names its database ("SHARD_2:<bookmark>"), so a bookmark is never opened on another shard.

export const BOOKMARK_HEADER = "X-D1-Bookmark";

const D1_BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const DATABASE = /^[A-Z][A-Z0-9_]{0,31}$/;

/** A header's bookmark: the database it belongs to and D1's bookmark ("00000000-000000d2-00000000-<32 hex>"). */
export function parseBookmark(text: string | null | undefined): { database: string; bookmark: string } | null {
  if (typeof text !== "string") return null;
  const colon = text.indexOf(":");
  const database = text.slice(0, colon);
  const bookmark = text.slice(colon + 1);
  return colon > 0 && DATABASE.test(database) && D1_BOOKMARK.test(bookmark) ? { database, bookmark } : null;
}

/** A header value as the Worker writes them; anything else is ignored. */
export function isBookmark(text: string | null | undefined): text is string {
  return parseBookmark(text) !== null;
}

export function bookmarkHeader(database: string, bookmark: string): string {
  return `${database}:${bookmark}`;
}
