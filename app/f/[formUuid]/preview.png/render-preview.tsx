import { ImageResponse } from "next/og";
import type { FormPreview } from "@/server/services/forms/v1-preview";
import { PREVIEW_SIZE, PreviewCard } from "./preview-card";

/** Rendered images kept in memory; the least recently used one goes first. */
const MAX_CACHED = 200;
const rendered = new Map<string, Promise<ArrayBuffer>>();

/**
 * The PNG bytes of a preview. Rendering costs far more than the lookup, so an image is
 * drawn once per content (keyed by exactly what it shows, so it can never be stale) and
 * concurrent requests for the same content share one render.
 */
export function renderPreviewPng(preview: FormPreview): Promise<ArrayBuffer> {
  const key = JSON.stringify([preview.name, preview.labels, preview.moreFields]);
  const cached = rendered.get(key);
  if (cached) {
    rendered.delete(key);
    rendered.set(key, cached);
    return cached;
  }
  const png = new ImageResponse(<PreviewCard preview={preview} />, PREVIEW_SIZE).arrayBuffer();
  rendered.set(key, png);
  png.catch(() => rendered.delete(key)); // a failed render is retried by the next request
  if (rendered.size > MAX_CACHED) rendered.delete(rendered.keys().next().value!);
  return png;
}
