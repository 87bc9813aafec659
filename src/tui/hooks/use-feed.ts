import { useEffect, type Dispatch } from 'react';
import type { Feed } from '../feed.js';
import type { Action } from '../state/types.js';

/** Turns the feed's events into reducer actions for as long as the App is mounted. */
export function useFeed(feed: Feed, dispatch: Dispatch<Action>): void {
  useEffect(
    () =>
      feed.subscribe((event) => {
        switch (event.kind) {
          case 'loading':
            dispatch({ type: 'loading', status: event.status });
            return;
          case 'data':
            dispatch({ type: 'data', data: event.data, live: event.live });
            return;
          case 'error':
            dispatch({ type: 'error', message: event.message });
            return;
          case 'link':
            dispatch({ type: 'link', stale: event.stale });
            return;
        }
      }),
    [feed, dispatch],
  );
}
