/**
 * The last reader, for text that holds no kubectl output at all: a sentence that names a pod's
 * state in kubectl's own STATUS word ("the pod is stuck in Init:CrashLoopBackOff", "all pods are
 * ImagePullBackOff"). Only words no English sentence uses otherwise count: the container waiting
 * and terminated reasons kubectl prints that are written in one CamelCase word (not Error,
 * Completed, Pending or Running), and any `Init:<word>` or `Init:N/M`. The pod is unnamed unless
 * the word stands in a `get pods` row the other readers passed over; the report says so.
 */
import { UNNAMED_POD, type PastedObject } from './common/types.js';
import { TERMINATED_REASONS, WAITING_REASONS } from './common/container-reasons.js';
import { statusFromColumn } from './get/pod-status.js';
import { STATUS_COLUMN } from '../../model/index.js';

/** Words a sentence would use in their English sense. */
const ENGLISH: ReadonlySet<string> = new Set(['Error', 'Completed']);

/**
 * The pod status.reason words kubectl prints as a pod's STATUS that no sentence uses otherwise
 * (kubernetes-facts.md §3.4): evicted, rejected by the kubelet's admission, shut down with its node.
 */
const POD_REASON_WORDS = ['Evicted', 'OutOf[a-z][\\w./-]*', 'UnexpectedAdmissionError', 'NodeShutdown'];
/** The words that are a container's state (an init container's too). */
const CONTAINER_WORDS: ReadonlySet<string> = new Set([...WAITING_REASONS, ...TERMINATED_REASONS]);
const WORDS = [...WAITING_REASONS, ...TERMINATED_REASONS, ...POD_REASON_WORDS].filter((w) => !ENGLISH.has(w));
const INIT_REST = `(?:${[...WAITING_REASONS, ...TERMINATED_REASONS].join('|')}|\\d+/\\d+|ExitCode:-?\\d+|Signal:\\d+)`;
/** A status word on its own (not inside another word, a path or a key). */
const STATUS_WORD = new RegExp(`(?<![\\w:/.-])(Init:${INIT_REST}|${WORDS.join('|')})(?![\\w:/-])`, 'g');

/**
 * kubectl's STATUS of a pod being deleted, where a sentence uses it as one: stuck, hanging or
 * left in Terminating, a Terminating state or status (`Terminating` opening a sentence is a verb).
 */
const TERMINATING =
  /\b(?:(?:stuck|hang(?:s|ing)?|hung|remain(?:s|ed|ing)?|stay(?:s|ed|ing)?|left|in)\s+(?:(?:the|a)\s+)?[`'"]?(Terminating)\b|(Terminating)[`'"]?\s+(?:state|status)\b)/g;
/**
 * The same word in Chinese, Japanese or Korean prose ("Pod 状态也将一直保持 Terminating"): next to
 * those scripts the English word can only be kubectl's STATUS.
 */
const TERMINATING_CJK =
  /(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}][\s`'"「」]{0,2})(Terminating)(?![\w-])|(?<![\w-])(Terminating)(?=[\s`'"「」]{0,2}[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;

/**
 * How people write kubectl's CrashLoopBackOff in a sentence: `CrashLoop`, `crashloop`, `crash
 * loop`, `crash-looping`. The state it names is the same (the container exits and is restarted
 * with back-off); `crash` alone is not it.
 */
const CRASH_LOOP = /(?<![\w:/.-])[Cc]rash[- ]?[Ll]oop(?:s|ed|ing)?(?![\w:/-])/g;

/** How a sentence names an init container: `init container`, `init-container`, `initContainer`, `init containers`. */
const INIT_CONTAINER = /\binit[- ]?containers?\b/gi;
/** What parts two clauses: the word and the init container must stand in one. */
const CLAUSE_BREAK = /[.;!?]|\b(?:but|while|whereas|and then|then|main|app|other)\b|\bcontainers?\b/i;

/**
 * Whether the sentence puts a container state word on an init container ("CrashLoopBackOff on
 * the init container", "the init container is in CrashLoopBackOff"): the two stand in one clause,
 * at most 40 characters apart, with no other container named between them.
 */
function onInitContainer(line: string, at: number, length: number): boolean {
  for (const m of line.matchAll(INIT_CONTAINER)) {
    const end = m.index + m[0].length;
    const after = m.index >= at + length;
    if (!after && end > at) continue;
    const between = after ? line.slice(at + length, m.index) : line.slice(end, at);
    if (between.length <= 40 && !CLAUSE_BREAK.test(between)) return true;
  }
  return false;
}

/**
 * The pod a sentence's STATUS word stands for, or undefined when no line has one. Where the text
 * names several, the last is the state it came to (people tell what happened in order).
 */
export function proseStatusPod(lines: readonly string[]): PastedObject | undefined {
  let found: { word: string; line: number; init: boolean } | undefined;
  lines.forEach((line, i) => {
    const words = [
      ...line.matchAll(STATUS_WORD),
      ...line.matchAll(TERMINATING),
      ...line.matchAll(TERMINATING_CJK),
      ...[...line.matchAll(CRASH_LOOP)].map((m) =>
        Object.assign([m[0], 'CrashLoopBackOff'], { index: m.index }),
      ),
    ].sort((a, b) => a.index - b.index);
    for (const m of words) {
      const word = m[1] ?? m[2];
      if (word !== undefined)
        found = {
          word,
          line: i + 1,
          init: CONTAINER_WORDS.has(word) && onInitContainer(line, m.index, (m[0] ?? word).length),
        };
    }
  });
  if (found === undefined) return undefined;
  if (found.word === 'Terminating') {
    // kubectl's STATUS of a pod being deleted: the word is all there is of its deletion.
    return {
      raw: { kind: 'Pod', metadata: { name: UNNAMED_POD, annotations: { [STATUS_COLUMN]: 'Terminating' } } },
      line: found.line,
      inferredName:
        'the text holds no kubectl output; its state is read from the word Terminating in a sentence',
    };
  }
  // kubectl prints an init container's state as Init:<reason>.
  const column = found.init ? `Init:${found.word}` : found.word;
  const status = statusFromColumn(column, {});
  if (status === undefined) return undefined;
  return {
    raw: {
      kind: 'Pod',
      metadata: { name: UNNAMED_POD, annotations: { [STATUS_COLUMN]: column } },
      status,
    },
    line: found.line,
    inferredName: `the text holds no kubectl output; its state is read from the word ${found.word} in a sentence${
      found.init ? ' about an init container' : ''
    }`,
  };
}
