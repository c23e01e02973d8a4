import "server-only";
import type { FormElement } from "@/db/schema";
import type { ElementProblem } from "@/lib/forms/definition";
import { isFileUpload } from "@/lib/forms/element-types";
import { env } from "@/server/env";

/**
 * What publishing adds for file-upload fields, with the instance at hand: a field's own size
 * limit may not be above `UPLOAD_MAX_FILE_MB` (the respondent would be told a limit the
 * server does not keep). Files are top-level answers only, so only the top level is read.
 */
export function uploadPublishProblems(elements: readonly FormElement[]): ElementProblem[] {
  const ceiling = env().UPLOAD_MAX_FILE_MB;
  return elements.flatMap((element, i) => {
    if (!isFileUpload(element.type) || typeof element.maxFileSizeMb !== "number" || element.maxFileSizeMb <= ceiling) return [];
    const reason = `must be at most ${ceiling} (this server's largest file, UPLOAD_MAX_FILE_MB)`;
    return [{ path: ["elements", i, "maxFileSizeMb"], message: `elements[${i}].maxFileSizeMb ${reason}`, reason }];
  });
}
