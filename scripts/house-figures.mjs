#!/usr/bin/env node
/* global process, console */
// Figures of the source tree's shape (tests excluded), for architecture work:
//   node scripts/house-figures.mjs [FOLDER...]     default: every folder of src/
// For each folder: files, lines, file-to-file imports inside src, the largest direct sub-folder
// (or file) and its share of the folder's lines. Then every file over 300 lines and every
// function over 80 lines in those folders.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const src = join(root, 'src');
const isSource = (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/test-helpers?\.ts$/.test(f);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === '__snapshots__' ? [] : walk(p);
    return isSource(name) ? [p] : [];
  });
}

const folders =
  process.argv.length > 2
    ? process.argv.slice(2).map((f) => resolve(root, f))
    : readdirSync(src)
        .map((d) => join(src, d))
        .filter((p) => statSync(p).isDirectory());

const lines = (text) => text.split('\n').length;
const bigFiles = [];
const bigFunctions = [];
const rows = [];
for (const folder of folders) {
  const files = walk(folder);
  let imports = 0;
  let total = 0;
  const parts = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const n = lines(text);
    total += n;
    const part = relative(folder, file).split('/')[0];
    parts.set(part, (parts.get(part) ?? 0) + n);
    if (n > 300) bigFiles.push(`${relative(root, file)} ${n}`);
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const stmt of sf.statements) {
      const spec =
        (ts.isImportDeclaration(stmt) || ts.isExportDeclaration(stmt)) && stmt.moduleSpecifier
          ? stmt.moduleSpecifier.text
          : undefined;
      if (spec !== undefined && spec.startsWith('.')) imports++;
    }
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > 80) {
          const name =
            node.name?.getText(sf) ??
            (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(sf) : '(anonymous)');
          bigFunctions.push(`${relative(root, file)}:${start + 1} ${name} ${end - start + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const [largest, largestLines] = [...parts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['-', 0];
  rows.push(
    `${relative(root, folder).padEnd(18)} files ${String(files.length).padStart(4)}  lines ${String(total).padStart(6)}  imports ${String(imports).padStart(5)}  largest part ${largest} ${((100 * largestLines) / Math.max(total, 1)).toFixed(0)} %`,
  );
}
console.log(rows.join('\n'));
console.log(`\nfiles over 300 lines (${bigFiles.length}):\n  ${bigFiles.join('\n  ')}`);
console.log(`\nfunctions over 80 lines (${bigFunctions.length}):\n  ${bigFunctions.join('\n  ')}`);
