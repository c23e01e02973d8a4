/** Display formats of the dashboard's tables (the browser's locale and time zone). */
export const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
export const fullTimestampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "long" });
export const numberFormat = new Intl.NumberFormat();

export type Noun = [singular: string, plural: string];

/** `1 link` / `3 links`. */
export const countOf = (n: number, singular: string, plural: string) => `${numberFormat.format(n)} ${n === 1 ? singular : plural}`;
