import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Every file below `dir` whose name `keep` accepts (the code walks of this folder read the tree with it). */
export function filesBelow(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}
