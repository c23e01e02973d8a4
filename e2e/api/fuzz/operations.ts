/** The operations of an OpenAPI 3.1 document, as the fuzzer needs them. */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
  maxItems?: number;
  pattern?: string;
};

type Doc = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
};
type OperationObject = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: Record<string, string[]>[];
};

export type Operation = {
  surface: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The server URL's path, e.g. `/api/v2`. */
  basePath: string;
  /** The path template, e.g. `/forms/{form_uuid}/prefills`. */
  path: string;
  pathParams: string[];
  /** Named query parameters. */
  query: { name: string; schema: Schema }[];
  /** Free-form query parameters (an object parameter with additionalProperties, e.g. filters). */
  freeFormQuery: boolean;
  body?: Schema;
  /** Every error body the operation documents (resolved), one of which each error answer must be. */
  errorSchemas: Schema[];
  /** The key of the surface's own error body (`message`, connector `error`). */
  errorKey: string;
  secured: boolean;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function resolve(doc: Doc, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(doc, target);
}

export function operationsOf(surface: string, doc: Doc): Operation[] {
  const basePath = new URL(doc.servers?.[0]?.url ?? "http://x/").pathname.replace(/\/$/, "");
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const errorSchemas = Object.entries(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([, r]) => (r.content?.["application/json"] ? [resolve(doc, r.content["application/json"].schema)] : []));
      const own = op.responses["400"]?.content?.["application/json"]?.schema;
      const errorKey = own ? resolve(doc, own).required?.[0] : undefined;
      if (!errorKey) throw new Error(`${surface} ${method} ${path}: no documented 400 error body`);
      ops.push({
        surface,
        method: method.toUpperCase() as Operation["method"],
        basePath,
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: params.filter((p) => p.in === "query" && p.schema?.type !== "object").map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        freeFormQuery: params.some((p) => p.in === "query" && p.schema?.type === "object" && p.schema.additionalProperties),
        body: op.requestBody?.content["application/json"] ? resolve(doc, op.requestBody.content["application/json"].schema) : undefined,
        errorSchemas,
        errorKey,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return ops;
}
