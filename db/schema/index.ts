export * from "./organizations";
export * from "./sessions";
export * from "./forms";
export * from "./api-tokens";
export * from "./prefills";
export * from "./oauth";
export * from "./webhooks";
export * from "./submission-counts";
export type * from "./elements";
