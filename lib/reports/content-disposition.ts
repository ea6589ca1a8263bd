import "server-only";

// File names for `Content-Disposition` (RFC 6266 with RFC 5987 / 8187 for
// non-ASCII names). The upstream name is never trusted: it loses anything
// that could break the header, climb out of a folder or disguise itself.

const maxLength = 150;

/** The name an upstream `Content-Disposition` carries; `filename*` wins over `filename`. */
export function parseDispositionFilename(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]*)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(extended);
    if (match?.[1] && /^utf-8$/i.test(match[1])) {
      try {
        return decodeURIComponent(match[2] ?? "");
      } catch {
        // A malformed escape: fall back to the plain parameter.
      }
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1]?.trim();
  if (!plain) return undefined;
  return plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, "$1") : plain;
}

/**
 * A name safe to hand to a browser: the last path segment only, without
 * control or bidirectional-override characters, quotes, leading dots or
 * trailing dots and spaces, at most 150 characters (keeping the extension).
 */
export function sanitizeFilename(name: string | undefined, fallback: string): string {
  const lastSegment = (name ?? "").normalize("NFC").split(/[/\\]/).pop() ?? "";
  let clean = lastSegment
    // C0, DEL, C1 controls (CR and LF among them), bidi overrides and isolates, quotes.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .replace(/[. ]+$/, "");
  if (clean.length > maxLength) {
    const dot = clean.lastIndexOf(".");
    const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
    clean =
      Array.from(clean)
        .slice(0, maxLength - extension.length)
        .join("")
        .trimEnd() + extension;
  }
  return clean || fallback;
}

/** Appends `.ext` unless the name already ends with it (any case). */
export function withExtension(name: string, extension: string): string {
  return name.toLowerCase().endsWith(`.${extension.toLowerCase()}`) ? name : `${name}.${extension}`;
}

/** ASCII stand-in for old clients: accents dropped, anything else non-ASCII becomes "_". */
export function asciiFallback(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
}

/** RFC 5987 value-chars: everything outside attr-char is percent-encoded. */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="…"; filename*=UTF-8''…` for a name already sanitised. */
export function attachmentDisposition(safeName: string): string {
  return `attachment; filename="${asciiFallback(safeName)}"; filename*=UTF-8''${encodeExtValue(safeName)}`;
}
