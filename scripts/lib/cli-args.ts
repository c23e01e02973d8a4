/**
 * A small, strict option parser for the admin CLI: `--name value`, `--name=value`, `--flag`,
 * and options that may be repeated (`multiple`, e.g. `--redirect-uri a --redirect-uri b`).
 * Anything unknown, repeated (unless `multiple`), missing or stray is a UsageError, never ignored.
 * Values are never echoed back in messages (one of them may be a token).
 */

/** Bad command line: the CLI prints the message and the usage, and exits 2. */
export class UsageError extends Error {}
/** A failure that needs no usage text (bad file, …): message only, exit 1. */
export class CliError extends Error {}

export type OptionSpec = { flag?: boolean; required?: boolean; multiple?: boolean };
export type OptionSpecs = Record<string, OptionSpec>;
export type ParsedOptions<S extends OptionSpecs> = {
  [K in keyof S]: S[K] extends { flag: true }
    ? boolean
    : S[K] extends { multiple: true }
      ? string[]
      : S[K] extends { required: true }
        ? string
        : string | undefined;
};

export function parseOptions<S extends OptionSpecs>(argv: readonly string[], specs: S): ParsedOptions<S> {
  const out: Record<string, string | string[] | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--") || arg === "--") {
      throw new UsageError(`unexpected argument #${i + 1}: options are written --name value`);
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (name in out && !spec.multiple) throw new UsageError(`--${name} is given twice`);
    if (spec.flag) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      out[name] = true;
      continue;
    }
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    // `--name --org 3` is a forgotten value, not a name "--org" (write --name=--org for that).
    if (value === undefined || (eq === -1 && value.startsWith("--"))) throw new UsageError(`--${name} needs a value`);
    out[name] = spec.multiple ? [...((out[name] as string[] | undefined) ?? []), value] : value;
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.flag) out[name] ??= false;
    else if (spec.required && out[name] === undefined) throw new UsageError(`--${name} is required`);
    else if (spec.multiple) out[name] ??= [];
  }
  return out as ParsedOptions<S>;
}

const MAX_ID = 2_147_483_647;

/** A database id: a positive integer (`--org 12`). */
export function parseId(option: string, value: string): number {
  const s = value.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(s) || Number(s) > MAX_ID) {
    throw new UsageError(`--${option} must be a positive integer id, got '${value}'`);
  }
  return Number(s);
}

/** A comma-separated list (`--scopes a,b`); blanks are dropped, at least one item. */
export function parseList(option: string, value: string): string[] {
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`--${option} needs at least one value (comma-separated)`);
  return items;
}

/** A comma-separated list of ids (`--forms 3,4`). */
export function parseIdList(option: string, value: string): number[] {
  return parseList(option, value).map((s) => parseId(option, s));
}
