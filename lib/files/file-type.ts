import "server-only";

// A file's type read from its first bytes, never from its name or the type a
// client claims: what may be printed is what the content is.

export type PrintableType = "application/pdf" | "image/jpeg" | "image/png";

/** How many first bytes `sniffType` needs. */
export const sniffBytes = 8;

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The printable type the content starts as, or undefined. */
export function sniffType(head: Uint8Array): PrintableType | undefined {
  const startsWith = (bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(png)) return "image/png";
  return undefined;
}

/** The extension a kept name gets when it has none that fits its content. */
export function extensionOf(type: PrintableType): string {
  return type === "application/pdf" ? ".pdf" : type === "image/jpeg" ? ".jpg" : ".png";
}
