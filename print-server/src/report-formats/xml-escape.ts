// Characters XML 1.0 cannot carry at all, not even as character references
// (C0 controls, lone surrogates, U+FFFE/U+FFFF). They become U+FFFD so the loss is visible.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const TEXT_SPECIAL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r]/g;

// Parsers normalise a literal CR (and in attributes TAB and LF) away, so those
// are written as character references to survive a round trip.
const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

function entity(char: string): string {
  return ENTITIES[char] ?? char;
}

export function replaceNonXmlChars(value: string): string {
  return value.replace(NOT_XML_CHAR, "\uFFFD");
}

export function escapeXmlText(value: string): string {
  return replaceNonXmlChars(value).replace(TEXT_SPECIAL, entity);
}

export function escapeXmlAttribute(value: string): string {
  return replaceNonXmlChars(value).replace(ATTRIBUTE_SPECIAL, entity);
}
