import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * No two exported names of the tree are the same (server, app, db, scripts, e2e): a name says
 * which thing it is, wherever it is read or imported. A re-export hands on the same thing and
 * is not counted; the names Next.js reads from its own files (a page's `default` and
 * `metadata`, a route's `GET`…) may repeat there, as may a tool's config file's `default`.
 */

/** Tools' configuration files at the root, which hand their tool a default export. */
const CONFIG_FILE = /^[^/]+\.config\.ts$/;
/** Next.js's special files and the names it reads from them. */
const NEXT_FILE = /^app\/(.+\/)?(page|layout|route|not-found|error|loading|template|default)\.tsx?$/;
const NEXT_NAMES = new Set(["default", "metadata", "generateMetadata", "dynamic", "revalidate", "runtime", "viewport"]);
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Repeats that other work in progress renames, each with the files it stands in today (a file
 * may move meanwhile; the name may stand in no more files). An entry may go as soon as its
 * names differ; no entry may be added.
 */
const PENDING: Record<string, string[]> = {};

const root = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(): string[] {
  const args = ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"];
  const out = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return out.stdout.split("\n").filter((f) => f && !f.endsWith(".d.ts"));
}

/** The names a file declares and exports itself (not those it hands on from another module). */
function ownExports(file: string): string[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, false, kind);
  const imported = new Set<string>();
  const names: string[] = [];
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.name) imported.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) imported.add(el.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
      continue;
    }
    if (ts.isExportAssignment(st)) {
      names.push("default");
      continue;
    }
    if (ts.isExportDeclaration(st)) {
      // `export { a, b as c }` of local declarations; `… from "x"` and re-exported imports hand on another module's.
      if (st.moduleSpecifier || !st.exportClause || !ts.isNamedExports(st.exportClause)) continue;
      for (const el of st.exportClause.elements) if (!imported.has((el.propertyName ?? el.name).text)) names.push(el.name.text);
      continue;
    }
    const modifiers = ts.canHaveModifiers(st) ? ts.getModifiers(st) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) names.push("default");
    else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) names.push(...bindingNames(d.name));
    } else if ("name" in st && st.name && ts.isIdentifier(st.name as ts.Node)) names.push((st.name as ts.Identifier).text);
  }
  return names;
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((el) => (ts.isOmittedExpression(el) ? [] : bindingNames(el.name)));
}

const frameworkName = (file: string, name: string) =>
  (NEXT_FILE.test(file) && (NEXT_NAMES.has(name) || HTTP_METHODS.has(name))) || (CONFIG_FILE.test(file) && name === "default");

test("no two files export the same name", () => {
  const files = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    for (const name of new Set(ownExports(file))) {
      if (frameworkName(file, name)) continue;
      files.set(name, [...(files.get(name) ?? []), file]);
    }
  }
  const repeated = [...files].filter(([, where]) => where.length > 1);
  const problems = repeated
    .filter(([name, where]) => where.length > (PENDING[name]?.length ?? 1))
    .map(([name, where]) => `${name}: ${where.join(", ")}`);
  assert.deepEqual(problems, [], `exported names that stand for different things in different files:\n${problems.join("\n")}`);
  assert.ok(files.size > 500, `only ${files.size} exported names found: is the tree read?`);
});
