import { useEffect, useReducer } from 'react';
import { Box, useApp, useInput } from 'ink';
import type { Feed } from './feed.js';
import { LineText } from './components/LineText.js';
import { LineWindow } from './components/LineWindow.js';
import { Loading } from './components/Loading.js';
import { Overview } from './components/Overview.js';
import { useFeed } from './hooks/use-feed.js';
import { useSpinner } from './hooks/use-spinner.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { headerLine, helpLines, keysLine, statusLine } from './state/chrome.js';
import { bodyRows, screenColumns, screenRows, type Viewport } from './state/layout.js';
import { seg } from './state/line.js';
import { pageLines } from './state/page.js';
import { referenceMs } from './state/pod-facts.js';
import { initialState, reduce } from './state/reducer.js';

export interface AppProps {
  readonly feed: Feed;
  /** False under NO_COLOR, TERM=dumb or without a colour terminal: glyphs only. */
  readonly colour: boolean;
  /** A fixed terminal size (tests); by default the terminal's own, following resizes. */
  readonly size?: Viewport | undefined;
}

/** The one container: owns the state, maps keys and feed events to actions, lays out the screen. */
export function App({ feed, colour, size }: AppProps): React.JSX.Element {
  const viewport = useTerminalSize(size);
  const [state, dispatch] = useReducer(reduce, viewport, initialState);
  const { exit } = useApp();
  useFeed(feed, dispatch);
  useEffect(() => {
    dispatch({ type: 'resize', viewport: { columns: viewport.columns, rows: viewport.rows } });
  }, [viewport.columns, viewport.rows]);
  useEffect(() => {
    if (state.quit) exit();
  }, [state.quit, exit]);
  useInput((input, key) => {
    dispatch({ type: 'key', input, key });
  });
  // The spinner turns only while loading: a live screen is redrawn when its data changes, no more.
  const spinner = useSpinner(state.data === undefined);

  const columns = screenColumns(state.viewport);
  const height = bodyRows(state.viewport);
  let body: React.JSX.Element;
  if (state.help) body = <LineWindow lines={helpLines()} top={0} height={height} colour={colour} />;
  else if (state.data === undefined && state.error !== undefined)
    body = (
      <LineWindow
        lines={[[seg(`error: ${state.error}`, { tone: 'red' })]]}
        top={0}
        height={height}
        colour={colour}
      />
    );
  else if (state.data === undefined)
    body = <Loading status={state.loading} spinner={spinner} height={height} />;
  else if (state.view === 'overview')
    body = (
      <Overview
        items={state.items}
        scrollTop={state.scrollTop}
        cursor={state.cursor}
        height={height}
        columns={columns}
        nowMs={referenceMs(state.data.report)}
        colour={colour}
        narrowed={state.filter !== '' || state.failedOnly}
      />
    );
  else body = <LineWindow lines={pageLines(state)} top={state.pageScroll} height={height} colour={colour} />;

  return (
    <Box flexDirection="column" width={columns} height={screenRows(state.viewport)}>
      <LineText line={headerLine(state)} colour={colour} />
      {body}
      <LineText
        line={
          state.error !== undefined && state.data !== undefined
            ? [seg(`error: ${state.error}`, { tone: 'red' })]
            : statusLine(state)
        }
        colour={colour}
      />
      <LineText line={keysLine(state)} colour={colour} />
    </Box>
  );
}
