// The catalogue messages' ICU MessageFormat, formatted in the browser without
// a message-format library (issue 14: next-intl's client runtime carries one,
// about 12 kB of the page's first load). The catalogues use the part of ICU
// that this reads: {arg}, {arg, number}, {arg, plural, =0 {…} one {…} other {…}}
// with #, {arg, select, a {…} other {…}}, and apostrophe quoting. A unit test
// formats every message of every catalogue with this and with next-intl's own
// formatter and compares the two.

type Part =
  | string
  | { pound: true }
  | { arg: string; kind: "text" }
  | { arg: string; kind: "number" }
  | { arg: string; kind: "plural"; options: Map<string, Part[]> }
  | { arg: string; kind: "select"; options: Map<string, Part[]> };

const parsed = new Map<string, Part[]>();

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  /** Parts up to the closing brace of an option (or the end of the message). */
  parts(inPlural: boolean): Part[] {
    const parts: Part[] = [];
    let literal = "";
    const text = this.text;
    while (this.at < text.length) {
      const char = text[this.at]!;
      if (char === "}") break;
      if (char === "'") {
        const next = text[this.at + 1];
        if (next === "'") {
          literal += "'";
          this.at += 2;
        } else if (next === "{" || next === "}" || (inPlural && next === "#")) {
          // Quoted literal text, up to the next lone apostrophe.
          this.at += 1;
          while (this.at < text.length) {
            if (text[this.at] === "'") {
              if (text[this.at + 1] === "'") {
                literal += "'";
                this.at += 2;
                continue;
              }
              this.at += 1;
              break;
            }
            literal += text[this.at++];
          }
        } else {
          literal += "'";
          this.at += 1;
        }
      } else if (char === "{") {
        if (literal) parts.push(literal);
        literal = "";
        this.at += 1;
        parts.push(this.argument());
      } else if (char === "#" && inPlural) {
        if (literal) parts.push(literal);
        literal = "";
        parts.push({ pound: true });
        this.at += 1;
      } else {
        literal += char;
        this.at += 1;
      }
    }
    if (literal) parts.push(literal);
    return parts;
  }

  private word(): string {
    this.space();
    const start = this.at;
    while (this.at < this.text.length && !/[\s,{}]/.test(this.text[this.at]!)) this.at += 1;
    return this.text.slice(start, this.at);
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at += 1;
  }

  private expect(char: string): void {
    this.space();
    if (this.text[this.at] !== char) throw new SyntaxError(`expected ${char} at ${this.at} in "${this.text}"`);
    this.at += 1;
  }

  private argument(): Part {
    const arg = this.word();
    this.space();
    if (this.text[this.at] === "}") {
      this.at += 1;
      return { arg, kind: "text" };
    }
    this.expect(",");
    const kind = this.word();
    this.space();
    if (kind === "number" && this.text[this.at] === "}") {
      this.at += 1;
      return { arg, kind: "number" };
    }
    if (kind !== "plural" && kind !== "select")
      throw new SyntaxError(`unsupported {${arg}, ${kind}} in "${this.text}"`);
    this.expect(",");
    const options = new Map<string, Part[]>();
    for (;;) {
      this.space();
      if (this.text[this.at] === "}") {
        this.at += 1;
        break;
      }
      const key = this.word();
      this.expect("{");
      options.set(key, this.parts(kind === "plural"));
      this.expect("}");
    }
    return { arg, kind, options };
  }
}

function partsOf(message: string): Part[] {
  let parts = parsed.get(message);
  if (!parts) {
    parts = new Reader(message).parts(false);
    parsed.set(message, parts);
  }
  return parts;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

function pluralCategory(value: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(value);
}

export type MessageValues = Record<string, string | number | boolean | null | undefined>;

function render(parts: Part[], values: MessageValues, locale: string, pound: number | undefined): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if ("pound" in part) out += pound === undefined ? "#" : formatNumber(pound, locale);
    else {
      const value = values[part.arg];
      if (value === undefined) throw new Error(`the value {${part.arg}} is missing`);
      // As intl-messageformat: a plain {arg} is the value as it is, numbers unformatted.
      if (part.kind === "text") out += String(value);
      else if (part.kind === "number") out += formatNumber(Number(value), locale);
      else if (part.kind === "select") {
        const chosen = part.options.get(String(value)) ?? part.options.get("other") ?? [];
        out += render(chosen, values, locale, pound);
      } else {
        const count = Number(value);
        const chosen =
          part.options.get(`=${count}`) ?? part.options.get(pluralCategory(count, locale)) ?? part.options.get("other");
        out += render(chosen ?? [], values, locale, count);
      }
    }
  }
  return out;
}

/** `message` (ICU, as in messages/*.json) with `values`, in `locale`. Throws on a syntax it does not read or a missing value. */
export function formatMessage(message: string, values: MessageValues, locale: string): string {
  return render(partsOf(message), values, locale, undefined);
}
