import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';

const WEBHOOK =
  'Error from server (InternalError): Internal error occurred: failed calling webhook "check-ignore-label.gatekeeper.sh": failed to call webhook: Post "https://gatekeeper-webhook-service.gatekeeper-system.svc:443/v1/admitlabel?timeout=3s": dial tcp 10.112.0.99:8443: i/o timeout';

const read = (command: string) => parsePaste(`$ ${command}\n${WEBHOOK}\n`, PASTE_PARSERS);

describe('a refusal under a command that writes an object no pod comes from', () => {
  it.each([
    ['kubectl create namespace check', 'Namespace check'],
    ['kubectl create configmap app-cfg --from-file=a.txt', 'ConfigMap app-cfg'],
    ['kubectl create serviceaccount builder -n shop', 'ServiceAccount builder'],
  ])('%s: a note, no owner that creates pods', (command, what) => {
    const r = read(command);
    expect(r.objects).toEqual([]);
    expect(r.notes).toEqual([
      `line 2: the API server refused the command's ${what}, which runs no pod: ${WEBHOOK.replace(/^Error from server \(InternalError\): /, '')}`,
    ]);
  });

  it.each([
    'kubectl apply -f deploy.yaml',
    'kubectl create deployment web --image=nginx',
    'kubectl run web --image=nginx',
    'kubectl get pods',
  ])('%s: still the owner that creates the pods', (command) => {
    const r = read(command);
    expect(r.objects.map((o) => [o.raw.kind, o.raw.reason])).toEqual([['Event', 'FailedCreate']]);
  });
});
