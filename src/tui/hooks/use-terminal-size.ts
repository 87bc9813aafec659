import { useEffect, useState } from 'react';
import { useStdout } from 'ink';
import type { Viewport } from '../state/layout.js';

const FALLBACK: Viewport = { columns: 80, rows: 24 };

function sizeOf(stdout: NodeJS.WriteStream): Viewport {
  return { columns: stdout.columns || FALLBACK.columns, rows: stdout.rows || FALLBACK.rows };
}

/** The terminal's size, following resizes; `fixed` (tests) overrides it. */
export function useTerminalSize(fixed: Viewport | undefined): Viewport {
  const { stdout } = useStdout();
  const [size, setSize] = useState<Viewport>(() => fixed ?? sizeOf(stdout));
  useEffect(() => {
    if (fixed !== undefined) return undefined;
    const onResize = (): void => {
      setSize(sizeOf(stdout));
    };
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}
