import { timestamp } from "drizzle-orm/pg-core";

/** `timestamptz` read as a JS Date; every timestamp of the schema is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** `created_at`, set by the database on insert. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** `updated_at`; services set it on every change. */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();
