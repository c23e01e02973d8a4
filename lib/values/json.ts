/** A JSON object (not null, not an array): what answers, prefill values and rows must be. */
export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
