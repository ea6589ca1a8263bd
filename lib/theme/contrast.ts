import "server-only";

// WCAG 2.x contrast: relative luminance of sRGB colours and their ratio,
// https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Parses #rgb or #rrggbb. */
export function parseHex(colour: string): Rgb {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!digits) throw new Error(`not a hex colour: ${colour}`);
  const hex = digits.length === 3 ? digits.replace(/./g, "$&$&") : digits;
  const byte = (start: number) => parseInt(hex.slice(start, start + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4) };
}

function linear(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(colour: string): number {
  const { r, g, b } = parseHex(colour);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** From 1 (the same colour) to 21 (black on white); the order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
