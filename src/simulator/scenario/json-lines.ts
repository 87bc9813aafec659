/**
 * A fast path for big scenarios. The YAML parser reads about half a megabyte a second, so a
 * generated 150,000-pod scenario (20+ MB) would take a minute to load. Generated files write
 * each list item of a top-level list as one line of JSON (which is YAML flow style with the
 * same meaning); those lines are parsed with JSON.parse and stand in the YAML document as empty
 * placeholders `{}` on the same line, so errors still name the right line.
 *
 * One difference from YAML: JSON.parse keeps the last of duplicate keys instead of refusing them.
 */

const TOP_LEVEL_LIST_KEY = /^[A-Za-z_][\w-]*:\s*$/;

export interface InlinedText {
  /** The text with each inlined line replaced by `  - {}`. */
  readonly text: string;
  /** Parsed values by 1-based line. */
  readonly inline: ReadonlyMap<number, Record<string, unknown>>;
}

export function inlineJsonLines(text: string): InlinedText {
  // Small files are not worth it, and keep the plain YAML path well exercised.
  if (text.length < 100_000) return { text, inline: new Map() };
  const lines = text.split('\n');
  const inline = new Map<number, Record<string, unknown>>();
  // Only items of a list under a top-level `key:` line. A line indented by two cannot belong to
  // a block scalar nested in such a list (its content is indented deeper), while the content of
  // a top-level block scalar (`description: |`) is never taken for list items.
  let inList = false;
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (TOP_LEVEL_LIST_KEY.test(line)) inList = true;
    else if (/^[^\s#-]/.test(line)) inList = false;
    else if (inList && line.startsWith('  - {"') && line.endsWith('}')) {
      const value = parseObject(line.slice(4));
      if (value === undefined) return;
      inline.set(i + 1, value);
      lines[i] = '  - {}';
    }
  });
  return inline.size === 0 ? { text, inline } : { text: lines.join('\n'), inline };
}

function parseObject(json: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(json);
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined; // not JSON after all: the YAML parser reads it (and reports any error)
  }
}
