/**
 * A single line's wrapped message ends where a `kubectl get` table starts (the paste parsers'
 * startsTable): its header, or a `get pods` / `get events` row pasted right under it.
 */
import { describe, expect, it } from 'vitest';
import { parseLine } from './parsers.js';

const MESSAGE = '"Back-off restarting failed container"';

describe("where a single line's wrapped message ends", () => {
  it.each([
    ['a get pods header', 'NAME                     READY   STATUS             RESTARTS      AGE'],
    [
      'a get pods -o wide header',
      'NAME    READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES',
    ],
    ['a get events header', 'LAST SEEN   TYPE      REASON    OBJECT      MESSAGE'],
    [
      'a get events header (1.10)',
      'LAST SEEN   FIRST SEEN   COUNT     NAME      KIND      SUBOBJECT   TYPE      REASON    SOURCE    MESSAGE',
    ],
    ['a get deployments header', 'NAME   READY   UP-TO-DATE   AVAILABLE   AGE'],
    ['a get pods row', 'web-0   0/1     CrashLoopBackOff   5 (2m ago)   10m'],
    ['a get pods row (pre-1.28 restarts)', 'web-7d9c8-abcde   0/1     Error   3          4m12s'],
    ['a get events row', '2m          Warning   BackOff   pod/web-0   Back-off restarting failed container'],
  ])('at %s', (_, next) => {
    expect(parseLine([MESSAGE, next], 0)?.end).toBe(1);
  });

  it('not at its continuation', () => {
    const r = parseLine([MESSAGE, 'app in pod web-0_shop(abc)'], 0);
    expect(r?.end).toBe(2);
  });
});
