/** The describe command above a block is read like every other pasted command (common/command.ts). */
import { describe, expect, it } from 'vitest';
import { commandKind, describeCommand } from './syntax.js';

const above = (command: string) => [command, '', 'Name:  x'];

describe('describeCommand', () => {
  it.each([
    ['kubectl describe pod web-1', { kind: 'Pod', name: 'web-1' }],
    ['$ kubectl -n shop describe po/web-1', { kind: 'Pod', name: 'web-1', namespace: 'shop' }],
    ['oc describe deployment api --namespace=prod', { kind: 'Deployment', name: 'api', namespace: 'prod' }],
    ['k describe svc web | less', { kind: 'Service', name: 'web' }],
    // Redacted names are read as in every other command.
    ['kubectl describe pod MY_POD_1', { kind: 'Pod', name: 'MY_POD_1' }],
    ['kubectl describe pods', undefined],
    ['kubectl describe pods -l app=web', undefined],
    ['kubectl describe pod a b', undefined],
    ['kubectl describe -f pod.yaml', undefined],
    // Prose that says "describe" is no command.
    ['when I describe pod web-1 it shows this:', undefined],
  ])('%s', (command, want) => {
    expect(describeCommand(above(command), 2)).toEqual(want);
  });
});

describe('commandKind', () => {
  it.each([
    ['kubectl describe pods', 'Pod'],
    ['kubectl describe sts', 'StatefulSet'],
    ['kubectl describe persistentvolumeclaims', 'PersistentVolumeClaim'],
    // Kinds whose describe output is not read: the fields decide.
    ['kubectl describe configmap settings', undefined],
    ['kubectl describe ingress web', undefined],
    ['kubectl get pods', undefined],
  ])('%s', (command, want) => {
    expect(commandKind(above(command), 2)).toBe(want);
  });
});
