/**
 * What a respondent reads beside a field (and an integrator in a 422 `errors[].message`).
 * Short imperative sentences that say how to fix the answer, GOV.UK style, no field name:
 * the page shows them under the field and the error summary adds the label.
 */
export const ANSWER_MESSAGES = {
  required: "This field is required",
  email: "Enter an email address like name@example.com",
  number: "Enter a number, like 12 or 3.5",
  numberTooLarge: "Enter a number between -1,000,000,000,000,000 and 1,000,000,000,000,000",
  date: "Enter a real date as YYYY-MM-DD, between the years 0001 and 9999",
  phoneDigits: "Enter a phone number",
  phoneMissingDialCode: "Enter the country code after +, like +44",
  phoneUnknownDialCode: (dialCode: string) => `${dialCode} is not a country code we know; choose the country instead`,
  phoneNoNumber: (dialCode: string) => `Enter the number after ${dialCode}`,
  tooLong: (max: number) => `Use ${max.toLocaleString("en-US")} characters or fewer`,
  tooShort: (min: number) => `Use ${min.toLocaleString("en-US")} characters or more`,
  numberRange: (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? `Enter a number between ${min.toLocaleString("en-US")} and ${max.toLocaleString("en-US")}`
      : min !== null
        ? `Enter a number of ${min.toLocaleString("en-US")} or more`
        : `Enter a number of ${max!.toLocaleString("en-US")} or less`,
  choiceCount: (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? min === max
        ? `Choose exactly ${min} option${min === 1 ? "" : "s"}`
        : `Choose between ${min} and ${max} options`
      : min !== null
        ? `Choose at least ${min} option${min === 1 ? "" : "s"}`
        : `Choose at most ${max} option${max === 1 ? "" : "s"}`,
  badCharacters: "Remove the invisible control characters from this answer",
  matrixOneAnswer: "Choose one answer in this row",
  matrixCell: (columnId: string) => `'${columnId}' takes true or its column value`,
  matrixRowRequired: "Choose an answer in this row",
  tooManyRows: (max: number) => `Add at most ${max} rows`,
  tooManyFiles: (max: number) => `Choose at most ${max} file${max === 1 ? "" : "s"}`,
  fileTooLarge: (maxMb: number) => `Choose a file of ${Number.isInteger(maxMb) ? maxMb : maxMb.toFixed(1)} MB or less`,
  fileType: (accept: readonly string[]) => `Choose a file of type ${accept.join(", ")}`,
  tooManyValues: "This answer lists too many values",
  unknownElement: (id: string) => `'${id}' is not an element of this form`,
  moreUnknownElements: (n: number) => `and ${n} more unknown element id${n === 1 ? "" : "s"}`,
} as const;

/**
 * An error summary's line: the field's label, then its message, reading as sentences — a label
 * that is a question or ends its own sentence ("How many seats?") is followed by the message as
 * it is, any other takes a colon ("Company size: Enter a number…").
 */
export function summaryLine(label: string, message: string): string {
  const trimmed = label.trimEnd();
  return /[?!.:]$/.test(trimmed) ? `${trimmed} ${message}` : `${trimmed}: ${message}`;
}
