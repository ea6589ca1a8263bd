// Characters XML 1.0 cannot carry at all, not even as character references
// (C0 controls, lone surrogates, U+FFFE/U+FFFF). They become U+FFFD so the loss is visible.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const TEXT_SPECIAL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r]/g;
// Any character the two functions below would change (surrogates included,
// paired or not, so that the exact check decides): most report cells have
// none, and one test of this costs far less than two replace() passes.
const TEXT_CHANGES = /[^\t\n\u0020-\u0025\u0027-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD]/;
const ATTRIBUTE_CHANGES = /[^\u0020\u0021\u0023-\u0025\u0028-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD]/;

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
  return TEXT_CHANGES.test(value) ? replaceNonXmlChars(value).replace(TEXT_SPECIAL, entity) : value;
}

export function escapeXmlAttribute(value: string): string {
  return ATTRIBUTE_CHANGES.test(value) ? replaceNonXmlChars(value).replace(ATTRIBUTE_SPECIAL, entity) : value;
}
