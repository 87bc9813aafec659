// npm run accuracy:layouts: does the built tool read real pastes the same whatever a web page, a wiki,
// a mail client or a terminal did to them? Every tuning case the tool gets right is read again in
// each layout below; the cases whose first failed stage changes are listed per layout. Held-out
// cases are never read (that would spoil their estimate).
//
//   node scripts/paste-layouts.mjs [LAYOUT...]   only these layouts (names as printed)
/* global console, process */
import { builtEngine, judgeCase, loadRealCases } from './real-cases.mjs';

const engine = await builtEngine();

const byLine = (f) => (t) => t.split('\n').map(f).join('\n');
/** A terminal `width` columns wide that cuts lines instead of wrapping them. */
const cutAt = (width) =>
  byLine((l) => (l.length <= width ? l : l.match(new RegExp(`.{1,${width}}`, 'g')).join('\n')));

/** Each layout: what it does to the text. */
const LAYOUTS = {
  'markdown-quote': byLine((l) => `> ${l}`),
  'mail-quote': byLine((l) => `>> ${l}`),
  'code-indent': byLine((l) => `    ${l}`),
  'list-indent': byLine((l) => `  ${l}`),
  crlf: (t) => t.replace(/\n/g, '\r\n'),
  'no-break-spaces': (t) => t.replace(/ {2}/g, '\u00a0 '),
  'zero-width': (t) => `\ufeff${t.replace(/\n/g, '\u200b\n')}`,
  tabs: byLine((l) => l.replace(/(?<=\S) {2,}(?=\S)/g, '\t')),
  'ci-timestamps': byLine((l) => `2025-11-03T08:15:42.6170954Z ${l}`),
  'html-references': (t) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
  'typographic-quotes': (t) => t.replace(/"([^"\n]*)"/g, '\u201c$1\u201d'),
  'en-dashed-flags': byLine((l) => l.replace(/(?<=\s)--(?=[a-z])/g, '\u2013')),
  prose: (t) => `Hi, I have this problem since yesterday, please help:\n\n${t}\n\nAny idea? Thanks`,
  'cjk-prose': (t) => `我的pod一直有问题，查看事件：\n${t}\n请问怎么解决？`,
  'trailing-spaces': byLine((l) => `${l}   `),
  fenced: (t) => '```\n' + t.replace(/```/g, '') + '\n```',
  unfenced: (t) => t.replace(/^\s*```\w*\s*$/gm, ''),
  'zsh-prompt': (t) => t.replace(/^\$ (?=kubectl|oc )/gm, '\u279c  ~ '),
  'root-prompt': (t) => t.replace(/^\$ (?=kubectl|oc )/gm, '[root@k8s-master01 ~]# '),
  'powershell-prompt': (t) => t.replace(/^\$ (?=kubectl|oc )/gm, 'PS C:\\Users\\me> '),
  'line-numbers': (t) =>
    t
      .split('\n')
      .map((l, i) => `${i + 1} ${l}`)
      .join('\n'),
  'double-spaced': (t) => t.split('\n').join('\n\n'),
  'terminal-cut-80': cutAt(80),
  'terminal-cut-120': cutAt(120),
  'squeezed-spaces': byLine((l) => l.replace(/(?<=\S) {2,}/g, ' ')),
  dedented: byLine((l) => l.trimStart()),
  'one-line': (t) => t.split('\n').join(' '),
};

const only = process.argv.slice(2);
const unknown = only.filter((n) => !(n in LAYOUTS));
if (unknown.length > 0) {
  console.error(
    `paste-layouts: unknown layout ${unknown.join(', ')} (layouts: ${Object.keys(LAYOUTS).join(', ')})`,
  );
  process.exit(2);
}
const names = only.length > 0 ? only : Object.keys(LAYOUTS);
const changed = Object.fromEntries(names.map((n) => [n, []]));
let right = 0;
for (const c of loadRealCases()) {
  if (c.heldOut || !judgeCase(engine, c).stageOk) continue;
  right++;
  for (const n of names) {
    const j = judgeCase(engine, { ...c, body: LAYOUTS[n](c.body) });
    if (!j.stageOk) changed[n].push(`${c.file.split('-')[0]}:${j.got}`);
  }
}
console.log(`tuning cases read right as pasted: ${right}; per layout, how many read otherwise`);
for (const n of names) {
  const list = changed[n];
  const more = list.length > 12 ? ` (+${list.length - 12})` : '';
  console.log(`${n.padEnd(20)} ${String(list.length).padStart(4)}  ${list.slice(0, 12).join(' ')}${more}`);
}
