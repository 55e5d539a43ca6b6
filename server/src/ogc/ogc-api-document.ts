import type { LayerRow } from '../maps/records.ts';
import { deref, type OpenApiDocument, type ParameterObject } from '../openapi/document.ts';

type Json = Record<string, unknown>;
const PREFIX = '/ogc/maps/{map_id}';
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A 3.1 schema (and everything under it) in 3.0's dialect: type lists → nullable, const → enum, examples → example. */
function to30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(to30);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((type) => type !== 'null');
      if (types.length < value.length) out.nullable = true;
      if (types.length === 1) out.type = types[0];
    } else if (key === 'type' && value === 'null') {
      out.nullable = true;
    } else if (key === 'const') {
      out.enum = [value];
    } else if (key === 'examples' && Array.isArray(value)) {
      out.example = value[0];
    } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
      out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
      out[key] = true;
    } else {
      out[key] = to30(value);
    }
  }
  return out;
}

/** Every `#/components/...` reference under `node`, followed into what they name. */
function collectRefs(document: OpenApiDocument, node: unknown, seen: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((entry) => collectRefs(document, entry, seen));
  if (!isObject(node)) return;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/') && !seen.has(ref)) {
    seen.add(ref);
    collectRefs(document, deref(document, { $ref: ref }, ref.slice(1)).value, seen);
  }
  for (const value of Object.values(node)) collectRefs(document, value, seen);
}

const namesMap = (document: OpenApiDocument, entry: unknown): boolean =>
  deref<ParameterObject>(document, entry as ParameterObject, '').value.name === 'map_id';

function queryableParameter(property: LayerRow['properties'][number]): Json {
  const type =
    property.type === 'integer'
      ? 'integer'
      : property.type === 'number'
        ? 'number'
        : property.type === 'boolean'
          ? 'boolean'
          : 'string';
  return {
    name: property.name,
    in: 'query',
    required: false,
    description: `${property.label}: only features whose value equals this.`,
    schema: property.type === 'enum' ? { type, enum: property.options ?? [] } : { type },
    style: 'form',
    explode: false,
  };
}

/**
 * The OpenAPI 3.0 description of one map's OGC API, derived from the bundled 3.1 document:
 * its `/ogc/maps/{map_id}` operations with paths relative to the landing page (the server
 * URL), the components they use, and per collection a concrete items path listing its
 * queryables as query parameters (GDAL reads which properties it may send from there).
 */
export function ogcApiDocument(
  document: OpenApiDocument,
  base: string,
  title: string,
  layers: LayerRow[],
  collectionIds: ReadonlyMap<number, string> = new Map(),
): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith(PREFIX)) continue;
    const copy: Json = { ...item };
    copy.parameters = (item.parameters ?? []).filter((entry) => !namesMap(document, entry));
    paths[path.slice(PREFIX.length) || '/'] = copy;
  }
  const items = paths['/collections/{collection_id}/items'];
  if (isObject(items) && isObject(items.get)) {
    for (const layer of layers) {
      const get = items.get;
      const id = collectionIds.get(layer.id) ?? String(layer.id);
      paths[`/collections/${id}/items`] = {
        get: {
          ...get,
          operationId: `listOgcItems${layer.id}`,
          summary: `Features of ${layer.name}`,
          parameters: [...((get.parameters as unknown[]) ?? []), ...layer.properties.map(queryableParameter)],
        },
      };
    }
  }
  const refs = new Set<string>();
  collectRefs(document, paths, refs);
  const components: Record<string, Json> = {};
  for (const ref of refs) {
    const [, , kind, name] = ref.split('/');
    if (!kind || !name) continue;
    components[kind] ??= {};
    (components[kind] as Json)[name] = deref(document, { $ref: ref }, ref.slice(1)).value;
  }
  const schemes = document.components?.securitySchemes;
  if (schemes) components.securitySchemes = schemes as Json;
  const info = (document as unknown as { info?: Json }).info ?? {};
  return to30({
    openapi: '3.0.3',
    info: {
      title: `${title} – OGC API – Features`,
      version: info.version ?? '1.0.0',
      description: info.description,
    },
    servers: [{ url: base }],
    security: document.security ?? [],
    paths,
    components,
  }) as Json;
}
