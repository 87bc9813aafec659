import { parseDuration } from '../../../k8s/index.js';

/* eslint-disable no-control-regex -- stripping control characters is the point */
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[ -/]*[0-~]/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
/* eslint-enable no-control-regex */

const QUOTE = /^(?: {0,3}> ?)+/;
const GLUED_OPEN = /^(\s*)```(?!`)(?![\w+#.-]*\s*$)(?=\S)/;
const GLUED_CLOSE = /(?<=[^\s`])```\s*$/;
// Text copied from a rendered web page (a Q&A answer, a blog, a chat) carries no-break spaces where
// the terminal printed spaces (HTML keeps a run of spaces only as alternating no-break ones), and
// sometimes zero-width spaces or a byte-order mark.
const WEB_SPACE = /[\u00a0\u2007\u202f]/g;
export const ZERO_WIDTH = /[\u200b\u2060\ufeff]/g;
// A blog, a wiki or a word processor sets quotes typographically ("smart quotes") and turns a
// command's `--flag` into an en dash; kubectl and Kubernetes print only straight quotes.
const CURLY_DOUBLE = /[\u201c\u201d\u201e\u201f\u2033]/g;
const CURLY_SINGLE = /[\u2018\u2019\u201a\u201b\u2032]/g;
const DASHED_FLAG = /(?<=\s)[\u2013\u2014](?=[a-z])/g;
// Text taken from a page's HTML source or a mail archive keeps its character references.
const ENTITY = /&(?:(quot|lt|gt|amp|apos|nbsp)|#(\d{1,5})|#x([0-9a-f]{1,4}));/gi;
const NAMED: Readonly<Record<string, string>> = {
  quot: '"',
  lt: '<',
  gt: '>',
  amp: '&',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(_: string, name?: string, dec?: string, hex?: string): string {
  if (name !== undefined) return NAMED[name.toLowerCase()] ?? '';
  const code = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
  if (code === 0xa0) return ' ';
  // A reference to a control character is dropped, as the character itself would be.
  return code < 0x20 || (code >= 0x7f && code < 0xa0) ? '' : String.fromCharCode(code);
}

/**
 * One pasted line made plain: terminal escapes and control characters removed (tabs kept: old
 * kubectl separated columns with them), markdown emphasis (`**x**`, `` `x` ``) unwrapped,
 * markdown quote markers dropped, a fence glued to text dropped, trailing white space dropped; a web
 * page's no-break spaces read as spaces and its zero-width characters dropped, its typographic
 * quotes read as straight ones and its HTML character references (`&quot;`, `&lt;none&gt;`) decoded.
 */
export function cleanLine(line: string): string {
  let s = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (s.includes('\u001b')) s = s.replace(ANSI, '');
  s = s.replace(CONTROL, '');
  if (/[^ -~\t]/.test(s)) {
    s = s.replace(WEB_SPACE, ' ').replace(ZERO_WIDTH, '');
    s = s.replace(CURLY_DOUBLE, '"').replace(CURLY_SINGLE, "'").replace(DASHED_FLAG, '--');
  }
  if (s.includes('&')) s = s.replace(ENTITY, decodeEntity);
  if (s.includes('**')) s = s.replaceAll('**', '');
  // Markdown quotes ("> Warning  FailedMount ..." in a GitHub issue): the quoted text is the paste.
  // Up to three spaces may come before the marker (four make a code block).
  s = s.replace(QUOTE, '');
  // A fence glued to the text it opens or closes ("```$ kubectl get pods", "...not found```"):
  // the text is the paste. A fence with only a language word after it stays a fence.
  if (s.includes('```')) s = s.replace(GLUED_OPEN, '$1').replace(GLUED_CLOSE, '');
  return s.trimEnd();
}

/** Whether a line was continued by hand, shell-style: ` \\` at its end (docs wrap long output so). */
export function continuedByHand(line: string): boolean {
  return line.endsWith('\\') && /\s/.test(line.charAt(line.length - 2));
}

/**
 * A message's first line joined with the lines that continue it: by a space, or by nothing where
 * the terminal cut a word (`cut(i)` for `rest[i]`); a writer's ` \\` ending a line is dropped.
 * Joined once at the end, so a message of thousands of lines costs their length, not its square.
 */
export function joinLines(
  first: string,
  rest: readonly string[],
  cut: (i: number) => boolean = () => false,
): string {
  const parts = [first];
  let empty = first === '';
  rest.forEach((next, i) => {
    const last = parts.length - 1;
    const previous = parts[last] ?? '';
    if (continuedByHand(previous)) parts[last] = previous.slice(0, -1).trimEnd();
    parts.push(empty || cut(i) ? next : ` ${next}`);
    empty &&= next === '';
  });
  return parts.join('');
}

/** Splits text into cleaned lines. */
export function cleanLines(text: string): string[] {
  return text.split('\n').map(cleanLine);
}

const isSpace = (ch: string | undefined): boolean => ch !== undefined && /\s/.test(ch);

// The two helpers below do what a regex anchored at the end would (`\s*[│┃|]\s*$`, and
// `\s{2,}\S+\s+\d+\s+\S+\.[0-9a-f]{10,}\s*$`), in time linear in the text: such a regex is tried
// from every position of a long run of spaces, quadratic in its length (a pasted line of 100,000
// spaces took seconds).

/** The text without a terminal UI's frame bar (k9s `│`) at its end and the spaces around it. */
export function withoutFrameEnd(text: string): string {
  const t = text.trimEnd();
  const last = t.at(-1);
  return last === '│' || last === '┃' || last === '|' ? t.slice(0, -1).trimEnd() : text;
}

/** The text without the FIRST SEEN, COUNT and NAME cells `kubectl get events -o wide` prints after the message. */
export function withoutWideEventTail(text: string): string {
  let i = text.length;
  while (isSpace(text[i - 1])) i--;
  const tokens: string[] = [];
  for (let k = 0; k < 3; k++) {
    const end = i;
    while (i > 0 && !isSpace(text[i - 1])) i--;
    tokens.unshift(text.slice(i, end));
    const tokenStart = i;
    while (isSpace(text[i - 1])) i--;
    // COUNT and NAME need one space before them, FIRST SEEN (the first of the three) two.
    if (tokenStart - i < (k === 2 ? 2 : 1)) return text;
  }
  const [, count = '', name = ''] = tokens;
  return /^\d+$/.test(count) && /^\S+\.[0-9a-f]{10,}$/.test(name) ? text.slice(0, i) : text;
}

/** Columns of a table row: separated by a tab or by two or more spaces. */
export function splitColumns(line: string): string[] {
  return line
    .trim()
    .split(/\t+| {2,}/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** Leading white space width (a tab counts as 8, as terminals show it). */
export function indentOf(line: string): number {
  let n = 0;
  for (const ch of line) {
    if (ch === ' ') n++;
    else if (ch === '\t') n += 8 - (n % 8);
    else break;
  }
  return n;
}

/**
 * Seconds of a kubectl age ("5m2s", "106s", "2d3h", "19d", "3y"); undefined for "<unknown>",
 * "<invalid>", "<none>" and anything else.
 */
export function parseAge(text: string): number | undefined {
  const t = text.trim();
  if (t === '' || t.startsWith('<')) return undefined;
  const ms = parseDuration(t);
  return ms === undefined ? undefined : Math.round(ms / 1000);
}

export interface Interval {
  /** Seconds before the command ran that the event was last seen. */
  readonly last?: number;
  /** Seconds before the command ran that the event was first seen. */
  readonly first?: number;
  readonly count: number;
}

/**
 * The AGE column of describe's Events ("106s", "106s (x298 over 11m)", "<unknown>") and of
 * `get events` ("5m", "3m (x4 over 10m)"). kubectl prints the last-seen age, then the count and
 * how long ago the first was.
 */
export function parseInterval(text: string): Interval | undefined {
  const m = /^(\S+)(?:\s+\(x(\d+) over (\S+?)\))?$/.exec(text.trim());
  if (m === null) return undefined;
  const last = parseAge(m[1] ?? '');
  if (last === undefined && !(m[1] ?? '').startsWith('<')) return undefined;
  const count = m[2] === undefined ? 1 : Number(m[2]);
  const first = m[3] === undefined ? last : parseAge(m[3]);
  return { ...(last === undefined ? {} : { last }), ...(first === undefined ? {} : { first }), count };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * RFC 3339 text of a time as kubectl describe prints it: RFC 1123 with a numeric zone
 * ("Tue, 25 Aug 2020 08:20:35 +0000"), the Go default ("2020-08-25 08:20:35 +0000 UTC"), or
 * RFC 3339 itself. Undefined when it is not a time.
 */
export function parseKubectlTime(text: string): string | undefined {
  const t = text.trim();
  let m =
    /^(?:[A-Z][a-z]{2},\s+)?(\d{1,2})\s+([A-Z][a-z]{2})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+([+-]\d{4}|UTC|GMT|Z)?/.exec(
      t,
    );
  if (m !== null) {
    const month = MONTHS.indexOf(m[2] ?? '');
    if (month < 0) return undefined;
    const zone = m[7] ?? '+0000';
    const offsetMin = /^[+-]\d{4}$/.test(zone)
      ? (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)))
      : 0;
    const at = new Date(Date.UTC(2000, month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])));
    // setUTCFullYear, not Date.UTC's year: Date.UTC reads 0-99 as 1900-1999, and Go's zero time
    // ("Mon, 01 Jan 0001 00:00:00 +0000", a heartbeat never set) must stay year 1.
    at.setUTCFullYear(Number(m[3]));
    const ms = at.getTime() - offsetMin * 60_000;
    return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().replace('.000Z', 'Z');
  }
  m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?/.exec(t);
  if (m !== null) {
    const zone =
      m[3] === undefined || m[3] === 'Z'
        ? 'Z'
        : m[3].includes(':')
          ? m[3]
          : `${m[3].slice(0, 3)}:${m[3].slice(3)}`;
    const ms = Date.parse(`${m[1] ?? ''}T${m[2] ?? ''}${zone}`);
    return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().replace('.000Z', 'Z');
  }
  return undefined;
}

/** The start of a `<pod-name>` placeholder, up to its `>`. */
const PLACEHOLDER_WORD = /(?:^|\s|[/=])<[A-Za-z][\w.-]*$/;

/**
 * The first command of a pasted command line: up to the first shell pipe, `;`, `&&` or redirect
 * outside quotes, after the kubectl (or oc) word, so that `kubectl logs web-1 | grep -n panic`
 * says nothing about a namespace `panic`, and a prompt's own `>` (`PS C:\> kubectl …`) stays.
 */
export function firstCommand(line: string): string {
  const start = /(?:^|[\s>$#])(?:kubectl|oc|k)(?:\.exe|\.sh)?\s/.exec(line)?.index ?? 0;
  let quote: string | undefined;
  // Inside a substitution (`$(kubectl get pods | grep web)`, backticks) a pipe is the inner command's.
  let inner = 0;
  for (let i = start + 1; i < line.length; i++) {
    const ch = line[i];
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '$' && line[i + 1] === '(') {
      inner++;
      i++;
    } else if (inner > 0) {
      if (ch === '(') inner++;
      else if (ch === ')') inner--;
    }
    // `<pod-name>`: a word the reader fills in, not a redirect
    else if (ch === '>' && PLACEHOLDER_WORD.test(line.slice(Math.max(start, i - 64), i))) continue;
    else if (ch === '|' || ch === ';' || ch === '>' || (ch === '&' && line[i + 1] === '&'))
      // `2>&1`, `1> out`: the file descriptor goes with its redirect
      return line
        .slice(0, i)
        .replace(ch === '>' ? /\s\d$/ : /$/, '')
        .trimEnd();
  }
  return line;
}

/** `-n NS` / `--namespace NS` in a pasted command: group 1 is the namespace. */
export const NS_FLAG = /(?:^|\s)(?:-n|--namespace)(?:\s+|=)([a-z0-9]([-a-z0-9]*[a-z0-9])?)(?:\s|$)/;

/** At most three words of prompt, ending in a prompt character, then a kubectl (or oc) command. */
const PROMPT_BEFORE_KUBECTL =
  /^\s*(?:\([\w.-]{1,40}\)\s*)?(?:\S+\s+){0,2}?\S*[$#%>❯»λ]\s+(?:kubectl|oc|k)(?:\.exe)?\s+[a-z-]+(?:\s|$)/u;
/** What every PROMPT_BEFORE_KUBECTL line holds, found in one scan: most lines fail it, and cheaply. */
const PROMPT_CHAR_THEN_KUBECTL = /[$#%>❯»λ]\s+(?:kubectl|oc|k)(?:\.exe)?\s/u;

/** A shell prompt and command ("$ kubectl get pods", "user@host:~$ oc describe pod x", "[root@node1 ~]# k get ep", "PS C:\> kubectl ..."). */
export function isPromptLine(line: string): boolean {
  return (
    /^\s*➜\s+\S+\s+\S/.test(line) ||
    /^\s*(?:\$|#|%|PS [^>]*>|[\w.-]+@[\w.-]+[^$#\s]* ?[$#]|\[[\w.-]+@[\w.-]+[^\]\n]{0,80}\][$#])\s+\S/.test(
      line,
    ) ||
    // A bare prompt, as the last line of a terminal copy often is.
    /^\s*(?:\$|PS [^>]*>|[\w.-]+@[\w.-]+[^$#\s]*[$#])\s*$/.test(line) ||
    /^\s*(?:kubectl|oc|k)\s+[a-z-]+(\s|$)/.test(line) ||
    // Any other shell's prompt, when kubectl follows it: fish's `user@host ~>`, macOS bash's
    // `host:~ user$`, starship's `❯`, cmd.exe's `C:\Users\me>`, a `(venv)` before any of them.
    (PROMPT_CHAR_THEN_KUBECTL.test(line) && PROMPT_BEFORE_KUBECTL.test(line)) ||
    // A shell tracing its commands (`set -x` in a CI script): "+ kubectl describe pod web-1".
    /^\s*\+{1,3} (?:kubectl|oc)\s+[a-z-]+(\s|$)/.test(line)
  );
}

const NOISE = /^\s*(?:```\w*|~~~\w*|\.\.\.|…|-{3,}|={3,})\s*$/;

/** A line that carries nothing: a fence, an elision, a rule. */
export function isNoise(line: string): boolean {
  return NOISE.test(line);
}

/** A line that ends a table: blank, noise, a prompt or command. */
export function endsTable(line: string | undefined): boolean {
  return line === undefined || line.trim() === '' || isNoise(line) || isPromptLine(line);
}

/**
 * A line that starts another kind of block rather than continuing a wrapped message: a
 * describe field ("Name:", "Events:"), a YAML key, a markdown heading.
 */
export function startsBlock(line: string): boolean {
  const t = line.trimStart();
  return (
    /^[A-Z][A-Za-z -]{0,30}:(?:\s|$)/.test(t) ||
    /^(?:apiVersion|kind|metadata|spec|status|items):/.test(t) ||
    t.startsWith('#')
  );
}

/** kubectl's `<none>`, `<unset>`, `<unknown>`, `<pending>`, or nothing. */
export function isPlaceholder(text: string | undefined): boolean {
  return text === undefined || text === '' || (text.startsWith('<') && text.endsWith('>'));
}

/** The cell's text unless it is a placeholder. */
export function value(text: string | undefined): string | undefined {
  return isPlaceholder(text) ? undefined : text;
}

/**
 * How a line that goes on from a word the terminal cut at its edge starts: no capital, blank or
 * bullet, as a new line of a message would.
 */
export const CONTINUES = /^[a-z0-9\-_.,:;/)\]}"']/;

/** Terminals are at least this wide: a shorter line was not cut at the terminal's edge. */
export const MIN_TERMINAL_WIDTH = 80;
