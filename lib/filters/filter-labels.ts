import type { FilterType } from "./filters";

/**
 * What each of v2's 17 filter types reads as to a person: the submissions filter builder and
 * the form builder's conditions use the same words for the same test.
 */
export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  is_equal_to: "is",
  is_not_equal_to: "is not",
  contains: "contains",
  does_not_contain: "does not contain",
  is_greater_than: "is greater than",
  is_greater_than_or_equal_to: "is at least",
  is_less_than: "is less than",
  is_less_than_or_equal_to: "is at most",
  before: "is before",
  after: "is after",
  on: "is on",
  not_on: "is not on",
  is_empty: "is empty",
  is_filled: "is filled in",
  is_in: "is any of",
  is_not_in: "is none of",
  in_range: "is between",
};

/** A filter type's words, or the type itself for one the list does not know. */
export const filterTypeLabel = (type: string): string => FILTER_TYPE_LABELS[type as FilterType] ?? type;
