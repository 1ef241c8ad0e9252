// A small element tree in fast-xml-parser's ordered form, so UBL's strict element order is the order the
// builder writes: each element is { tag: children[], ":@": attributes }, text is { "#text": value }.
import { XMLBuilder } from "fast-xml-parser";

type Attributes = Record<string, string>;
export type XmlText = { "#text": string };
export type XmlElement = { [tagOrAttributes: string]: XmlNode[] | Attributes };
export type XmlNode = XmlElement | XmlText;

const ATTRIBUTE_PREFIX = "@_";

function withPrefix(attributes: Attributes | undefined): Attributes | undefined {
  if (!attributes) return undefined;
  const entries = Object.entries(attributes).filter(([, value]) => value !== "");
  return entries.length === 0 ? undefined : Object.fromEntries(entries.map(([k, v]) => [ATTRIBUTE_PREFIX + k, v]));
}

function element(tag: string, children: XmlNode[], attributes?: Attributes): XmlElement {
  const prefixed = withPrefix(attributes);
  return prefixed ? { [tag]: children, ":@": prefixed } : { [tag]: children };
}

/** What a conditional child evaluates to when it is not there (`value && leaf(…)`). */
type Absent = null | undefined | false | "";

/** An element with child elements; absent children are left out. */
export function el(tag: string, attributes: Attributes | null, children: (XmlNode | Absent)[]) {
  return element(
    tag,
    children.filter((child): child is XmlNode => Boolean(child)),
    attributes ?? undefined,
  );
}

/** An element with text. */
export function leaf(tag: string, text: string, attributes?: Attributes): XmlElement {
  return element(tag, [{ "#text": text }], attributes);
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  suppressEmptyNode: false,
  format: false,
});

/** The document as UTF-8 XML text, with its declaration. */
export function serialize(root: XmlElement): string {
  const declaration = element("?xml", [{ "#text": "" }], { version: "1.0", encoding: "UTF-8", standalone: "no" });
  return builder.build([declaration, root]);
}
