import type { EditorField, EditorInput } from "@/server/services/prefills/editor-fields";

/** An editor field for unit tests: the given id and input, labelled by its id, with nothing else unless `extra` says so. */
export const editorField = (id: string, input: EditorInput, extra: Partial<EditorField> = {}): EditorField => ({
  id,
  label: id,
  type: input,
  input,
  options: [],
  countrySelector: false,
  rows: [],
  columns: [],
  parts: [],
  components: [],
  ...extra,
});
