// The client boundary as a lint rule: a client component ("use client") may take types from
// server/ and db/, never values. Values there are server modules (they import "server-only",
// which fails the build when one reaches the browser); what the browser and the server share
// lives in lib/.
import path from "node:path";

const SERVER_DIRS = ["server", "db"];

function serverTarget(source, filename, root) {
  let target;
  if (source.startsWith("@/")) target = source.slice(2);
  else if (source.startsWith("./") || source.startsWith("../")) {
    target = path.relative(root, path.resolve(path.dirname(filename), source));
  } else return null;
  const top = target.split(/[\\/]/)[0];
  return SERVER_DIRS.includes(top) ? target : null;
}

const isClientModule = (program) => program.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");

const typeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

const noServerValuesInClient = {
  meta: {
    type: "problem",
    docs: { description: "A client component imports only types from server/ and db/" },
    messages: {
      value: "A client component may import only types from {{target}}: move what the browser needs to lib/, or use `import type`.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd ?? process.cwd();
    let client = false;
    const check = (node) => {
      if (!client || !node.source || typeof node.source.value !== "string") return;
      const target = serverTarget(node.source.value, context.filename, root);
      if (target && !typeOnly(node)) context.report({ node, messageId: "value", data: { target } });
    };
    return {
      Program(program) {
        client = isClientModule(program);
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (client && node.source.type === "Literal") check({ source: node.source, importKind: "value" });
      },
    };
  },
};

export default { rules: { "no-server-values-in-client": noServerValuesInClient } };
