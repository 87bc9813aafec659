import { describe, expect, it } from 'vitest';
import { parseGetPodsV0 } from './pods-v0.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetPodsV0);

describe('kubectl get pods before 1.0 (POD IP CONTAINER(S) IMAGE(S) HOST LABELS STATUS ...)', () => {
  it('reads the per-container rows under each pod, with their state and message', () => {
    const objs = read(text`
      POD       IP          CONTAINER(S)   IMAGE(S)    HOST                  LABELS    STATUS    CREATED          MESSAGE
      foo       10.0.0.53                              127.0.0.1/127.0.0.1   <none>    Pending   About a minute
                            bar1           fooimage1                                   Waiting                    Error: image library/fooimage1:latest not found
                            bar2           fooimage2                                   Running                    
      web       10.0.0.54                              10.0.0.9/10.0.0.9     app=web   Running   5 minutes
                            nginx          nginx                                       Running
    `);
    expect(objs.map((o) => o.raw)).toEqual([
      {
        kind: 'Pod',
        metadata: { name: 'foo' },
        spec: {
          containers: [
            { name: 'bar1', image: 'fooimage1' },
            { name: 'bar2', image: 'fooimage2' },
          ],
          nodeName: '127.0.0.1',
        },
        status: {
          phase: 'Pending',
          podIP: '10.0.0.53',
          containerStatuses: [
            {
              name: 'bar1',
              ready: false,
              state: {
                waiting: {
                  reason: 'ErrImagePull',
                  message: 'Error: image library/fooimage1:latest not found',
                },
              },
            },
            { name: 'bar2', ready: false, state: { running: {} } },
          ],
        },
      },
      {
        kind: 'Pod',
        metadata: { name: 'web', labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx' }], nodeName: '10.0.0.9' },
        status: {
          phase: 'Running',
          podIP: '10.0.0.54',
          containerStatuses: [{ name: 'nginx', ready: false, state: { running: {} } }],
        },
      },
    ]);
  });

  it('reads the first container on the pod row (before 0.17), and a waiting text that is no pull failure', () => {
    const [o] = read(text`
      POD        IP         CONTAINER(S)   IMAGE(S)      HOST               LABELS    STATUS
      db-x1      10.0.0.7   mysql          mysql:5.6     node-1/10.0.0.1    app=db    Pending
    `);
    expect(o?.raw).toMatchObject({
      metadata: { name: 'db-x1' },
      spec: { containers: [{ name: 'mysql', image: 'mysql:5.6' }], nodeName: 'node-1' },
      status: { phase: 'Pending' },
    });
  });

  it('leaves tables of other layouts alone', () => {
    expect(read('NAME   READY   STATUS   RESTARTS   AGE\nweb-1  1/1  Running  0  5m')).toEqual([]);
  });
});
