/**
 * Exact kubectl commands for next steps. Names are quoted only when they need it, so the
 * commands can be pasted into a shell as they are.
 */
function q(value: string): string {
  return /^[A-Za-z0-9._/:=@,+-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

function nsFlag(namespace: string | undefined): string {
  return namespace ? ` -n ${q(namespace)}` : '';
}

export const kubectl = {
  describe(kind: string, name: string, namespace?: string): string {
    return `kubectl describe ${kind.toLowerCase()} ${q(name)}${nsFlag(namespace)}`;
  },
  get(kind: string, name: string, namespace?: string, output = 'yaml'): string {
    return `kubectl get ${kind.toLowerCase()} ${q(name)}${nsFlag(namespace)} -o ${output}`;
  },
  events(kind: string, name: string, namespace?: string): string {
    return `kubectl get events${nsFlag(namespace)} --field-selector involvedObject.kind=${kind},involvedObject.name=${q(name)}`;
  },
  logs(pod: string, namespace: string | undefined, container: string, previous = false): string {
    // A container the evidence could not name (a pasted table row) is left to kubectl to pick.
    const c = container === '' || container === 'unnamed' ? '' : ` -c ${q(container)}`;
    return `kubectl logs ${q(pod)}${nsFlag(namespace)}${c}${previous ? ' --previous' : ''}`;
  },
  describeNode(name: string): string {
    return `kubectl describe node ${q(name)}`;
  },
  raw(args: string): string {
    return `kubectl ${args}`;
  },
  quote: q,
  nsFlag,
} as const;
