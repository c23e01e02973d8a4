import type { FieldMetadata, FormMetadata } from "@conform-to/react";

/**
 * Conform's metadata for a form whose shape is only known at runtime (the element tree):
 * loose types, and the two walks the fields need, cast here once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema is built from data at runtime
export type AnyValues = Record<string, any>;
export type ConformForm = FormMetadata<AnyValues, string[]>;
/** A field as its controls see it (a string value); lists and objects are walked below. */
export type Field = FieldMetadata<string, AnyValues, string[]>;

/** The sub-fields of an object field (`name.first_name`, `phone.number`, `matrix.row`). */
export const fieldsetOf = (field: Field) =>
  (field as unknown as FieldMetadata<AnyValues, AnyValues, string[]>).getFieldset() as unknown as Record<string, Field>;

/** The items of a list field (ranking items, repeat-field rows). */
export const listOf = (field: Field) =>
  (field as unknown as FieldMetadata<string[], AnyValues, string[]>).getFieldList() as unknown as Field[];
