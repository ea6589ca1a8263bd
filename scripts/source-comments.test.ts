import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A comment is read by whoever opens the file next, who cannot open the
// tracker it would point at: it says why in its own words instead.

const root = fileURLToPath(new URL("..", import.meta.url));
const folders = ["app", "components", "hooks", "lib", "scripts", "e2e", "print-server/src", "print-server/test"];
const rootFiles = ["proxy.ts", "instrumentation.ts", "next.config.ts"];
const extensions = new Set([".ts", ".tsx", ".mts", ".mjs", ".js", ".css"]);
const skippedFolders = new Set(["node_modules", ".next"]);

/** "issue" or "issues", in any case, then a number (with or without "#"). */
const trackerReference = /\bissues?\s+#?\d+/i;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : sourceFiles(path);
    return extensions.has(extname(entry.name)) ? [path] : [];
  });
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (fileName.endsWith(".ts") || fileName.endsWith(".mts")) return ts.ScriptKind.TS;
  return ts.ScriptKind.JS;
}

/** Every comment of a script, found by TypeScript's parser so strings, templates and JSX text are not taken for one. */
function scriptComments(fileName: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const found = new Map<number, string>();
  const visit = (node: ts.Node) => {
    // A JSDoc node lies inside a comment, and JSX text is text: neither starts a comment.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    if (node.kind === ts.SyntaxKind.JsxText) return;
    // Between two tokens: the comments on the first one's line, then those on the lines after.
    const ranges = [
      ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
    ];
    for (const range of ranges) found.set(range.pos, text.slice(range.pos, range.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found].map(([pos, comment]) => ({
    line: source.getLineAndCharacterOfPosition(pos).line + 1,
    text: comment,
  }));
}

/** Every comment of a stylesheet, outside its strings. */
function styleComments(text: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = [];
  for (const match of text.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?\*\//g)) {
    if (!match[0].startsWith("/*")) continue;
    comments.push({ line: text.slice(0, match.index).split("\n").length, text: match[0] });
  }
  return comments;
}

/** Lines of comments in `text` that name a tracker issue, as "file:line: comment". */
function trackerReferences(fileName: string, text: string): string[] {
  // Only a file whose text names an issue somewhere can have a comment that does: the rest need no parse.
  if (!trackerReference.test(text)) return [];
  const comments = fileName.endsWith(".css") ? styleComments(text) : scriptComments(fileName, text);
  return comments.flatMap(({ line, text: comment }) =>
    comment
      .split("\n")
      .map((commentLine, index) => ({ commentLine, at: line + index }))
      .filter(({ commentLine }) => trackerReference.test(commentLine))
      .map(({ commentLine, at }) => `${fileName}:${at}: ${commentLine.trim()}`),
  );
}

describe("trackerReferences", () => {
  it("finds line and block comments, JSX comments and every spelling", () => {
    const text = [
      "// see issue 14",
      "const a = 1; /* Issues 12 and 14 */",
      "/**",
      " * ISSUE #7 said so",
      " */",
      "const b = <p>{/* issue 3 */}</p>;",
    ].join("\n");
    expect(trackerReferences("sample.tsx", text)).toEqual([
      "sample.tsx:1: // see issue 14",
      "sample.tsx:2: /* Issues 12 and 14 */",
      "sample.tsx:4: * ISSUE #7 said so",
      "sample.tsx:6: /* issue 3 */",
    ]);
  });

  it("leaves strings, templates, regular expressions and JSX text alone", () => {
    const text = [
      'const a = "issue 14 // issue 15";',
      "const b = `issue ${a} /* issue 16 */`;",
      "const c = /issue 17/;",
      "const d = <p>issue 18 // issue 19</p>;",
      "// an issue with no number, a tissue 20",
    ].join("\n");
    expect(trackerReferences("sample.tsx", text)).toEqual([]);
  });

  it("reads stylesheet comments outside strings", () => {
    const text = ['a::after { content: "/* issue 1 */"; }', "/* issue 2 */"].join("\n");
    expect(trackerReferences("sample.css", text)).toEqual(["sample.css:2: /* issue 2 */"]);
  });
});

describe("source comments", () => {
  it("name no tracker issue: a reader cannot open it", () => {
    const files = [...folders.flatMap((folder) => sourceFiles(folder)), ...rootFiles];
    const hits = files.flatMap((file) => trackerReferences(file, readFileSync(join(root, file), "utf8")));
    expect(hits, `${hits.length} source comments name a tracker issue`).toEqual([]);
  });
});
