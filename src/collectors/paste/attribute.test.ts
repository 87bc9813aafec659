import { describe, expect, it } from 'vitest';
import type { Raw } from '../normalize/coerce.js';
import { attributeUnnamedEvents } from './attribute.js';
import { assemble } from './assemble.js';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import { text } from './common/parser-test-helpers.js';

interface PodOpts {
  ip?: string;
  node?: string;
  status?: string;
}
const pod = (name: string, o: PodOpts = {}): Raw => ({
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'handoff.dev/status-column': o.status ?? 'Running' },
  },
  spec: o.node === undefined ? {} : { nodeName: o.node },
  status: { phase: 'Running', ...(o.ip === undefined ? {} : { podIP: o.ip }) },
});
const unnamed = (message: string, host?: string): Record<string, unknown> => ({
  kind: 'Event',
  involvedObject: { kind: 'Pod', name: 'unnamed-pod', namespace: 'default' },
  reason: 'Warning',
  message,
  ...(host === undefined ? {} : { source: { component: 'kubelet', host } }),
});
const podsOf = (...list: Raw[]) =>
  new Map(list.map((p) => [`default/${(p.metadata as { name: string }).name}`, p]));

const PROBE =
  'Readiness probe failed: Get http://10.244.2.5:8181/ready: dial tcp 10.244.2.5:8181: connect: connection refused';

describe('attributeUnnamedEvents', () => {
  it.each([
    {
      what: 'by the pod IP a probe dials',
      pods: [pod('dns-a', { ip: '10.244.1.2' }), pod('dns-b', { ip: '10.244.2.5' })],
      events: [unnamed(PROBE)],
      want: 'dns-b',
    },
    {
      what: 'by the node of the kubelet that recorded it',
      pods: [pod('web-a', { node: 'n1' }), pod('web-b', { node: 'n2' })],
      events: [unnamed('Readiness probe failed: HTTP probe failed with statuscode: 503', 'n2')],
      want: 'web-b',
    },
    {
      what: 'by the state only one pod shows (config error)',
      pods: [pod('app-new', { status: 'CreateContainerConfigError' }), pod('app-old')],
      events: [
        unnamed("Error: couldn't find key VALUE in Secret default/s"),
        unnamed('Container image "x" already present on machine'),
      ],
      want: 'app-new',
    },
    {
      what: 'by the state only one pod shows (crash loop)',
      pods: [pod('a', { status: 'CrashLoopBackOff' }), pod('b', { status: 'ImagePullBackOff' })],
      events: [unnamed('Back-off restarting failed container app in pod a_default(uid)')],
      want: 'a',
    },
    {
      what: 'IP and node agree',
      pods: [pod('dns-a', { ip: '10.244.1.2', node: 'n1' }), pod('dns-b', { ip: '10.244.2.5', node: 'n2' })],
      events: [unnamed(PROBE, 'n2')],
      want: 'dns-b',
    },
    {
      what: 'IP and node disagree: unnamed',
      pods: [pod('dns-a', { ip: '10.244.1.2', node: 'n1' }), pod('dns-b', { ip: '10.244.2.5', node: 'n2' })],
      events: [unnamed(PROBE, 'n1')],
      want: undefined,
    },
    {
      what: 'two events point at two pods: unnamed',
      pods: [pod('a', { status: 'CrashLoopBackOff', ip: '10.0.0.1' }), pod('b', { ip: '10.0.0.2' })],
      events: [
        unnamed('Back-off restarting failed container app in pod x'),
        unnamed('Liveness probe failed: Get http://10.0.0.2:80/'),
      ],
      want: undefined,
    },
    {
      what: 'two pods in the same state: unnamed',
      pods: [pod('a', { status: 'CrashLoopBackOff' }), pod('b', { status: 'CrashLoopBackOff' })],
      events: [unnamed('Back-off restarting failed container app in pod x')],
      want: undefined,
    },
    {
      what: 'nothing in the events points anywhere: unnamed',
      pods: [pod('a')],
      events: [unnamed('Readiness probe failed: HTTP probe failed with statuscode: 503')],
      want: undefined,
    },
    {
      what: 'an IP of no pasted pod (a node, a DNS server) says nothing',
      pods: [pod('a', { ip: '10.0.0.1' }), pod('b', { ip: '10.0.0.2' })],
      events: [unnamed('Failed to pull image "x": dial tcp 192.168.1.1:443: i/o timeout')],
      want: undefined,
    },
  ])('$what', ({ pods, events, want }) => {
    const tied = attributeUnnamedEvents(events, podsOf(...pods));
    expect(tied?.key).toBe(want === undefined ? undefined : `default/${want}`);
    for (const e of events) expect((e.involvedObject as { name: string }).name).toBe(want ?? 'unnamed-pod');
  });

  it('ties an Events table cut from its describe to the pod row whose IP the probe dials', () => {
    const paste = parsePaste(
      text`
        coredns-5644d7b6d9-4sbks   0/1   Running   0   20h   10.244.1.2   node01   <none>   <none>
        coredns-5644d7b6d9-57dwc   0/1   Running   0   20h   10.244.2.5   node02   <none>   <none>

        Events:
          Type     Reason     Age                   From              Message
          ----     ------     ----                  ----              -------
          Warning  Unhealthy  40s (x7381 over 20h)  kubelet, node02   ${PROBE}
      `,
      PASTE_PARSERS,
    );
    const out = assemble(paste.objects, {
      commandNamespaces: [],
      now: Date.parse('2026-01-01T00:00:00Z'),
      clock: () => 0,
    });
    const event = out.objects.find((o) => o.kind === 'Event');
    expect(event?.involvedObject).toMatchObject({ kind: 'Pod', name: 'coredns-5644d7b6d9-57dwc' });
    expect(out.notes.join('\n')).toContain('ties it to pod coredns-5644d7b6d9-57dwc');
  });
});
