// Reads the generated XML back (namespace prefixes dropped) so tests assert on elements, not on text.
import { XMLParser } from "fast-xml-parser";

export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [key: string]: XmlValue;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

export function readXml(xml: string): XmlObject {
  return parser.parse(xml) as XmlObject;
}

const isObject = (value: XmlValue | undefined): value is XmlObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every child named `key` (an element that appears once or many times). */
export function all(node: XmlValue | undefined, key: string): XmlValue[] {
  const found = isObject(node) ? node[key] : undefined;
  if (found === undefined) return [];
  return Array.isArray(found) ? found : [found];
}

/** The only (or first) element down a path of names; throws when one is missing. */
export function at(node: XmlValue | undefined, ...keys: string[]): XmlValue {
  let current = node;
  for (const key of keys) {
    const [first] = all(current, key);
    if (first === undefined) throw new Error(`no <${key}> on the path ${keys.join("/")}`);
    current = first;
  }
  if (current === undefined) throw new Error("empty path");
  return current;
}

/** An element's text, whether or not it has attributes. */
export function text(node: XmlValue): string {
  if (typeof node === "string") return node;
  if (isObject(node) && typeof node["#text"] === "string") return node["#text"];
  throw new Error(`not a text element: ${JSON.stringify(node)}`);
}

export const textAt = (node: XmlValue, ...keys: string[]) => text(at(node, ...keys));

export function attribute(node: XmlValue, name: string): string | undefined {
  const value = isObject(node) ? node[`@${name}`] : undefined;
  return typeof value === "string" ? value : undefined;
}
