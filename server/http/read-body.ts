import "server-only";
/**
 * A request body as text, read to at most `maxBytes`: a larger one (declared or streamed) is
 * refused with the caller's own error before anything is parsed. One reader for the REST edge,
 * the survey submit endpoints and the OAuth endpoints; each says its limit and its answer.
 */
export async function readBodyText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
