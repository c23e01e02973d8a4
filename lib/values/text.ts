/**
 * Text no input may hold, whatever the field: NUL (U+0000), which PostgreSQL's text and jsonb
 * cannot store, and unpaired UTF-16 surrogates (`"\ud800"` in JSON), which are not Unicode and
 * which jsonb refuses. The problem, to follow the field's name, or null.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function textProblem(text: string): string | null {
  if (text.includes("\0")) return "must not contain NUL characters";
  if (LONE_SURROGATE.test(text)) return "must not contain unpaired UTF-16 surrogates";
  return null;
}
