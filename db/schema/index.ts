export * from "./organizations";
export * from "./sessions";
export * from "./forms";
export * from "./api-tokens";
export * from "./prefills";
export * from "./oauth";
export * from "./webhooks";
export type * from "./elements";
