/**
 * Exact kubectl commands for next steps. Names are quoted only when they need it, so the
 * commands can be pasted into a shell as they are; a name the collectors made up (unnamed-pod)
 * becomes the word in capitals the user fills in (POD).
 */
import { placeholderWord, UNNAMED_CONTAINER } from '../../model/index.js';

function q(value: string): string {
  // A name the evidence did not give is no name to run a command with: the user fills in the word.
  const word = placeholderWord(value);
  if (word !== undefined) return word;
  return /^[A-Za-z0-9._/:=@,+-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

function nsFlag(namespace: string | undefined): string {
  return namespace ? ` -n ${q(namespace)}` : '';
}

/**
 * What the rules call a node the evidence does not name (a pasted pod without spec.nodeName, an
 * event without a host). It reads in a sentence ("the kubelet on its node"), but it is no name:
 * the node commands below turn it into a command that finds the node instead.
 */
export const UNNAMED_NODE = 'its node';

/** The node's name for a sentence that names it ("node {{node}}"), or why there is none. */
export function nodeInSentence(name: string): string {
  return name === UNNAMED_NODE ? '(name not in the evidence)' : name;
}

/** Listing the nodes (with their status and addresses) finds a node the evidence does not name. */
const FIND_NODE = 'kubectl get nodes -o wide';

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
    const c = container === '' || container === UNNAMED_CONTAINER ? '' : ` -c ${q(container)}`;
    return `kubectl logs ${q(pod)}${nsFlag(namespace)}${c}${previous ? ' --previous' : ''}`;
  },
  describeNode(name: string): string {
    return name === UNNAMED_NODE ? FIND_NODE : `kubectl describe node ${q(name)}`;
  },
  /** `kubectl get node NAME ARGS`; the node list when the node is not named. */
  getNode(name: string, args: string): string {
    return name === UNNAMED_NODE ? FIND_NODE : `kubectl get node ${q(name)} ${args}`;
  },
  /** The pods on a node, in one namespace or (without one) all; every pod's node when it is not named. */
  podsOnNode(name: string, namespace?: string): string {
    const scope = namespace === undefined ? ' -A' : nsFlag(namespace);
    const field = name === UNNAMED_NODE ? '' : ` --field-selector spec.nodeName=${q(name)}`;
    return `kubectl get pods${scope} -o wide${field}`;
  },
  raw(args: string): string {
    return `kubectl ${args}`;
  },
  quote: q,
  nsFlag,
} as const;
