/**
 * Turns a parsed JSON document into its posting records: a JSON array, a JSON-LD `@graph`
 * (node references `{ "@id": ... }` resolved one level, referenced nodes not listed on their own)
 * or a schema.org `ItemList`. Returns null when the value is a single record. Each item keeps its
 * index in the document's list, so that positions in reject reports point at the right element.
 */
import { asList, hasType, isObject, type JsonObject } from '../json-ld.js';

export interface DocumentItem {
  index: number;
  record: unknown;
}

export function expandDocument(value: unknown): DocumentItem[] | null {
  if (Array.isArray(value)) return indexed(value);
  if (!isObject(value)) return null;
  if (value['@graph'] !== undefined) return expandGraph(value);
  if (hasType(value, 'ItemList')) return indexed(asList(value['itemListElement']).map(listItem));
  return null;
}

function indexed(records: readonly unknown[]): DocumentItem[] {
  return records.map((record, index) => ({ index, record }));
}

function listItem(element: unknown): unknown {
  return isObject(element) && hasType(element, 'ListItem') && element['item'] !== undefined ? element['item'] : element;
}

function expandGraph(doc: JsonObject): DocumentItem[] {
  const nodes = asList(doc['@graph']);
  const context = doc['@context'];
  const byId = new Map<string, JsonObject>();
  for (const node of nodes) {
    if (isObject(node) && typeof node['@id'] === 'string') byId.set(node['@id'], node);
  }
  const referenced = new Set<string>();
  const resolved = indexed(nodes.map((node) => (isObject(node) ? resolveRefs(node, byId, referenced) : node)));
  // Other schema.org nodes of a page's graph (Organization, WebPage, BreadcrumbList, ...) are not
  // postings and not rejects; a posting without hiringOrganization takes the graph's Organization.
  const organization = nodes.find((n) => isObject(n) && hasType(n, 'Organization'));
  return resolved
    .filter(({ record }) => !(isObject(record) && typeof record['@id'] === 'string' && referenced.has(record['@id'])))
    .filter(({ record }) => !isObject(record) || record['@type'] === undefined || hasType(record, 'JobPosting'))
    .map(({ index, record }) => ({
      index,
      record: withContext(withOrganization(record, organization), context),
    }));
}

function withOrganization(node: unknown, organization: unknown): unknown {
  if (!isObject(node) || organization === undefined || node['hiringOrganization'] !== undefined) return node;
  return { ...node, hiringOrganization: organization };
}

function resolveRefs(node: JsonObject, byId: Map<string, JsonObject>, referenced: Set<string>): JsonObject {
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(node)) {
    out[key] = Array.isArray(v) ? v.map((x) => deref(x, byId, referenced)) : deref(v, byId, referenced);
  }
  return out;
}

function deref(v: unknown, byId: Map<string, JsonObject>, referenced: Set<string>): unknown {
  if (!isObject(v) || typeof v['@id'] !== 'string' || Object.keys(v).length !== 1) return v;
  const target = byId.get(v['@id']);
  if (!target) return v;
  referenced.add(v['@id']);
  return target;
}

function withContext(node: unknown, context: unknown): unknown {
  if (!isObject(node) || context === undefined || node['@context'] !== undefined) return node;
  return { '@context': context, ...node };
}
