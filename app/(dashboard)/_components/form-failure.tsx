"use client";

import { AlertError } from "@/app/_components/alert-error";

/**
 * A failed form's general error under its fields: the message about no field, or a pointer to
 * the fields marked with theirs (fieldErrors), and the procedure that answered.
 */
export function FormFailure({ other, procedure }: { other: string | null; procedure: string }) {
  return (
    <AlertError>
      {other ?? "Please correct the fields marked above."} <span className="muted">({procedure})</span>
    </AlertError>
  );
}
