/**
 * Where in an input a problem is, written as clients write it: `unique_links[3].expires_at`,
 * `prefill_data[0].value["my key"]`. Keys that are not plain identifiers are quoted.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => {
      if (typeof key === "number") return `[${key}]`;
      const s = String(key);
      if (/^[A-Za-z0-9_-]+$/.test(s)) return i === 0 ? s : `.${s}`;
      return `[${JSON.stringify(s)}]`;
    })
    .join("");
}

/** A zod error callback that writes `<path> <text>`, e.g. `prefills[2].name is required`. */
export const at = (text: string) => (iss: { path?: PropertyKey[] }) => `${formatPath(iss.path ?? [])} ${text}`;
