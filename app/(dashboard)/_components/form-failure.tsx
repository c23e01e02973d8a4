"use client";

import { AlertError } from "@/app/_components/alert-error";

/**
 * A failed form's general error under its fields: the message about no field, or a pointer to
 * the fields marked with theirs (fieldErrors). Never an internal name: people read it.
 */
export function FormFailure({ other }: { other: string | null }) {
  return <AlertError>{other ?? "Please correct the fields marked above."}</AlertError>;
}
