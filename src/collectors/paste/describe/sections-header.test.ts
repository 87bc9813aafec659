import { describe, expect, it } from 'vitest';
import { newDoc } from './doc.js';
import { readHeaderField } from './sections.js';

/** Survivors in sections.ts readHeaderField and isStop (paste-describe-4). */

function read(text: string, start = 0): { end: number; header: unknown[]; recognised: number } {
  const doc = newDoc();
  const end = readHeaderField(text.split('\n'), start, doc);
  return { end, header: doc.header, recognised: doc.recognised };
}

describe('readHeaderField', () => {
  it('a line that is no "Key: value" is passed over alone', () => {
    expect(read('web-7d4b9c8f6d-x2x9z   1/1   Running')).toEqual({ end: 1, header: [], recognised: 0 });
    expect(read('x\n  10.0.0.1  worker-1', 1)).toEqual({ end: 2, header: [], recognised: 0 });
  });

  it('Labels with continuation lines, an elision between them, up to the next field', () => {
    const text =
      'Labels:       app=web\n              ...\n              tier=frontend\nAnnotations:  <none>';
    expect(read(text)).toEqual({
      end: 3,
      recognised: 1,
      header: [{ key: 'Labels', value: 'app=web', items: ['tier=frontend'], line: 0 }],
    });
  });

  it('stops at an indented fence, an indented prompt and a whitespace-only line', () => {
    for (const stop of ['  ```', '  $ kubectl get pods -n shop', '      ']) {
      expect(read(`Labels:  app=web\n          tier=frontend\n${stop}\n          more=1`)).toEqual({
        end: 2,
        recognised: 1,
        header: [{ key: 'Labels', value: 'app=web', items: ['tier=frontend'], line: 0 }],
      });
    }
  });

  it('a blank line ends any field but Subsets, even when an indented line follows', () => {
    expect(read('IPs:\n  IP:  10.244.2.17\n\n  IP:  fd00::17').end).toBe(2);
  });

  it('describe endpoints: Subsets runs over the blank line between subsets, not past the last one', () => {
    const text = [
      'Subsets:',
      '  Addresses:          10.244.1.5,10.244.2.7',
      '  NotReadyAddresses:  <none>',
      '  Ports:',
      '    Name  Port  Protocol',
      '    ----  ----  --------',
      '    http  8080  TCP',
      '   ',
      '  Addresses:          10.244.3.9',
      '  NotReadyAddresses:  <none>',
      '',
      'Name:         api',
    ].join('\n');
    expect(read(text)).toEqual({
      end: 10,
      recognised: 1,
      header: [
        {
          key: 'Subsets',
          value: '',
          items: [
            'Addresses:          10.244.1.5,10.244.2.7',
            'NotReadyAddresses:  <none>',
            'Ports:',
            'Name  Port  Protocol',
            '----  ----  --------',
            'http  8080  TCP',
            'Addresses:          10.244.3.9',
            'NotReadyAddresses:  <none>',
          ],
          line: 0,
        },
      ],
    });
    expect(read('Subsets:\n  Addresses:  10.244.1.5\n\nEvents:  <none>').end).toBe(2);
  });

  it('an EndpointSlice: Endpoints keeps its nested Conditions, a top-level section ends it', () => {
    const text = [
      'Endpoints:',
      '  - Addresses:  10.244.1.5',
      '    Conditions:',
      '      Ready:    true',
      '    TargetRef:  Pod/web-1',
      'Events:         <none>',
    ].join('\n');
    expect(read(text)).toEqual({
      end: 5,
      recognised: 1,
      header: [
        {
          key: 'Endpoints',
          value: '',
          items: ['- Addresses:  10.244.1.5', 'Conditions:', 'Ready:    true', 'TargetRef:  Pod/web-1'],
          line: 0,
        },
      ],
    });
  });

  it('an indented section key ends another field', () => {
    expect(read('System Info:\n  Machine ID:  abc\n  Conditions:\n    Ready  True').end).toBe(2);
  });

  it("a pod's Message wraps onto unindented lines, trimmed, until a header key", () => {
    const text = [
      'Message:      The node was low on resource: memory.',
      'Threshold quantity: 100Mi, available: 90Mi.   ',
      'Container web was using 300Mi, request is 128Mi.',
      'IP:           10.244.2.17',
    ].join('\n');
    expect(read(text)).toEqual({
      end: 3,
      recognised: 1,
      header: [
        {
          key: 'Message',
          value: 'The node was low on resource: memory.',
          items: [
            'Threshold quantity: 100Mi, available: 90Mi.',
            'Container web was using 300Mi, request is 128Mi.',
          ],
          line: 0,
        },
      ],
    });
  });

  it('another field does not wrap onto an unindented line', () => {
    expect(read('Reason:  Evicted\nThe node was low on resource: memory.').end).toBe(1);
  });
});
