import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

/** The widget's files, by the name the page asks for (nothing else is served). */
const ASSETS: Record<string, { file: string[]; type: string }> = {
  "altcha.js": { file: ["external", "altcha.min.js"], type: "text/javascript; charset=utf-8" },
  "altcha.css": { file: ["external", "altcha.css"], type: "text/css; charset=utf-8" },
  "pbkdf2-worker.js": { file: ["workers", "pbkdf2.js"], type: "text/javascript; charset=utf-8" },
};

const cache = new Map<string, Promise<Buffer>>();

/** One of the widget's files from the installed `altcha` package, read once per process; null for any other name. */
export async function altchaAsset(name: string): Promise<{ body: Uint8Array<ArrayBuffer>; type: string } | null> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return null;
  let body = cache.get(name);
  if (!body) {
    body = readFile(path.join(process.cwd(), "node_modules", "altcha", "dist", ...asset.file));
    cache.set(name, body);
  }
  return { body: new Uint8Array(await body), type: asset.type };
}
