import "server-only";

// A file's name as a person or MyQ gave it, made safe to keep as one name in
// one folder: no path, no control characters, no characters other systems
// refuse in names, and short enough for every file system with room to spare.

/** The longest kept name, in UTF-8 bytes (file systems allow 255; a " (12)" may follow). */
export const maxNameBytes = 200;

const unsafe = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;

function cutToBytes(text: string, bytes: number): string {
  let result = "";
  for (const character of text) {
    if (Buffer.byteLength(result + character) > bytes) break;
    result += character;
  }
  return result;
}

/** The name kept for `given` (the part after any path), or `fallback` when nothing usable is left. */
export function sanitiseFileName(given: string, fallback = "file"): string {
  const base = given.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(unsafe, "_")
    .replace(/\s+/g, " ")
    // A leading dot would hide the file and the storage keeps its own entries under dot names.
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (cleaned === "" || /^_+$/.test(cleaned)) return fallback;
  if (Buffer.byteLength(cleaned) <= maxNameBytes) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  const stem = cutToBytes(
    cleaned.slice(0, cleaned.length - extension.length),
    maxNameBytes - Buffer.byteLength(extension),
  );
  return `${stem.replace(/[\s.]+$/, "")}${extension}`;
}

/** Whether `name` is already a kept name (a URL segment naming a stored file). */
export function isKeptName(name: string): boolean {
  return name !== "" && sanitiseFileName(name, "") === name;
}

/** The next free variant of a name: "report.pdf" → "report (2).pdf". */
export function numberedName(name: string, number: number): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  return `${stem} (${number})${extension}`;
}
