/** `?page=` from the URL, so a page of a list can be linked and reloaded; bad values mean 1. */
export function parsePage(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1;
}
