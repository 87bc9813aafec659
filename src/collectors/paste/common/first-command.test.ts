/**
 * A pasted command line's first command: what follows a shell pipe, `;`, `&&` or a redirect is
 * another command, and its flags say nothing about the kubectl command before it.
 */
import { describe, expect, it } from 'vitest';
import { firstCommand } from './text.js';
import { commandTarget } from './command.js';

describe('firstCommand', () => {
  it.each([
    ['$ kubectl logs web-1 | grep -c error', '$ kubectl logs web-1'],
    ['$ kubectl logs web-1|grep -n panic', '$ kubectl logs web-1'],
    ['kubectl get pods -A ; kubectl get events -n shop', 'kubectl get pods -A'],
    ['kubectl get pods && kubectl describe pod x -n shop', 'kubectl get pods'],
    ['kubectl get events -n shop > events.txt', 'kubectl get events -n shop'],
    ['kubectl logs web-1 2>&1 | tail -n 50', 'kubectl logs web-1'],
    ['kubectl logs web-12>out.txt', 'kubectl logs web-12'],
    // quoted operators are arguments, not shell syntax
    [
      `kubectl get pods -o jsonpath='{.items[*].status.phase}' | sort`,
      `kubectl get pods -o jsonpath='{.items[*].status.phase}'`,
    ],
    ['kubectl get pods -l "app in (a|b)" -n shop', 'kubectl get pods -l "app in (a|b)" -n shop'],
    [
      'kubectl get pods --field-selector=status.phase!=Running',
      'kubectl get pods --field-selector=status.phase!=Running',
    ],
    // a substitution's pipes and redirects are its own command's; a `<pod-name>` is a word
    [
      "kubectl logs $(kubectl get pods | grep web | awk '{print $1}') -c app | grep error",
      "kubectl logs $(kubectl get pods | grep web | awk '{print $1}') -c app",
    ],
    [
      'kubectl logs `kubectl get pods -o name | head -1` -c app > out',
      'kubectl logs `kubectl get pods -o name | head -1` -c app',
    ],
    [
      'kubectl logs $(echo $(hostname) | cut -d. -f1) | tail',
      'kubectl logs $(echo $(hostname) | cut -d. -f1)',
    ],
    ['kubectl logs <pod-name> -c init | tail -5', 'kubectl logs <pod-name> -c init'],
    ['kubectl describe pod/<pod> -n shop>out.txt', 'kubectl describe pod/<pod> -n shop'],
    // a prompt's own `>` or `#` comes before the command
    ['PS C:\\> kubectl get pods -n shop', 'PS C:\\> kubectl get pods -n shop'],
    ['[root@node1 ~]# kubectl get ep -n shop | grep web', '[root@node1 ~]# kubectl get ep -n shop'],
    ['$ oc get pods -n shop | grep -v Running', '$ oc get pods -n shop'],
    ['kubectl get pods', 'kubectl get pods'],
  ])('%s', (line, first) => {
    expect(firstCommand(line)).toBe(first);
  });
});

describe('flags after a pipe belong to the next command', () => {
  it.each([
    ['$ kubectl logs web-1 | grep -n panic', undefined],
    ['$ kubectl describe pod web-1 | grep -A5 -n Events', undefined],
    ['$ kubectl describe pod web-1 -n shop | grep -n Events', 'shop'],
  ])('%s: namespace %s', (line, namespace) => {
    const target = commandTarget(line, ['describe', 'logs']);
    expect(target?.name).toBe('web-1');
    expect(target?.namespace).toBe(namespace);
  });
});
