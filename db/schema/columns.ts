import { integer, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** `timestamptz` read as a JS Date; every timestamp of the schema is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** `created_at`, set by the database on insert. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** `updated_at`; services set it on every change. */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** A required reference to a row this one belongs to, removed with it (`on delete cascade`). */
export const belongsTo = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });
