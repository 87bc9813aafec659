/**
 * The one render-and-wait helper for Ink components (STYLE.md): renders at a fixed size with
 * ink-testing-library, waits for a frame to satisfy a condition, and sends named keys.
 * An Ink upgrade touches this file only.
 */
import type { ReactElement } from 'react';
import { render } from 'ink-testing-library';

/** Byte sequences a terminal sends for named keys. */
export const KEYS = {
  ARROW_UP: '\u001b[A',
  ARROW_DOWN: '\u001b[B',
  ARROW_RIGHT: '\u001b[C',
  ARROW_LEFT: '\u001b[D',
  PAGE_UP: '\u001b[5~',
  PAGE_DOWN: '\u001b[6~',
  ENTER: '\r',
  ESCAPE: '\u001b',
  TAB: '\t',
  /** What terminals send for the Backspace key (DEL). */
  BACKSPACE: '\u007f',
  CTRL_C: '\u0003',
} as const;
export type KeyName = keyof typeof KEYS;

export interface RenderedApp {
  /** The newest frame (no trailing spaces on lines). */
  frame(): string;
  /** Waits until the frame satisfies `until`; fails with the frame it last saw. */
  waitFor(until: (frame: string) => boolean, what?: string): Promise<string>;
  /** Sends a named key, or literal text, then waits for a changed frame (or for `until`). */
  press(key: KeyName | { readonly text: string }, until?: (frame: string) => boolean): Promise<string>;
  /** How many frames Ink has written so far. */
  frameCount(): number;
  unmount(): void;
}

const trimLines = (frame: string): string =>
  frame
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');

export async function renderApp(tree: ReactElement, timeoutMs = 3000): Promise<RenderedApp> {
  const instance = render(tree);
  const frame = (): string => trimLines(instance.lastFrame() ?? '');
  const waitFor = async (until: (frame: string) => boolean, what = 'the expected frame'): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const f = frame();
      if (until(f)) return f;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last frame:\n${f}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  // Ink subscribes to stdin in an effect; give it a turn before keys are sent.
  await new Promise((r) => setTimeout(r, 20));
  return {
    frame,
    waitFor,
    async press(key, until) {
      const before = frame();
      const count = instance.frames.length;
      instance.stdin.write(typeof key === 'string' ? KEYS[key] : key.text);
      return waitFor(
        until ?? ((f) => f !== before || instance.frames.length > count),
        `a frame after ${typeof key === 'string' ? key : key.text}`,
      );
    },
    frameCount: () => instance.frames.length,
    unmount: () => {
      instance.unmount();
    },
  };
}
