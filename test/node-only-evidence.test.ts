import { describe, expect, it } from 'vitest';
import { node, runningPod, snapshot } from './builders.js';
import { unreadyNodeNotes } from '../src/cli/pipeline/run-diagnosis.js';
import { snapshotFromSources } from '../src/collectors/files/index.js';

/** Evidence of nodes and no pod (a paste of `kubectl describe node` alone): the notes say what is wrong. */
describe('nodes not Ready, with no pod to judge against them', () => {
  it('one note per node not Ready, then what to give', () => {
    const notes = unreadyNodeNotes(
      snapshot({
        nodes: [
          node({ name: 'a', ready: 'False', readyReason: 'KubeletNotReady' }),
          node({ name: 'b' }),
          node({ name: 'c', ready: 'Unknown' }),
        ],
      }),
    );
    expect(notes).toEqual([
      'node a is not Ready (Ready=False, KubeletNotReady)',
      'node c is not Ready (Ready=Unknown)',
      'no pod in the evidence to judge against these nodes: give the pods too (kubectl describe pod, or get pods -o wide)',
    ]);
  });

  it('none when a pod is in the evidence (its diagnosis says it), or every node is Ready, or no Ready condition', () => {
    const bad = node({ name: 'a', ready: 'False' });
    expect(unreadyNodeNotes(snapshot({ nodes: [bad], pods: [runningPod()] }))).toEqual([]);
    expect(unreadyNodeNotes(snapshot({ nodes: [node(), node({ name: 'b' })] }))).toEqual([]);
    expect(unreadyNodeNotes(snapshot({ nodes: [node({ name: 'x', conditions: [] })] }))).toEqual([]);
  });

  it('five nodes by name, the rest counted', () => {
    const nodes = Array.from({ length: 7 }, (_, i) => node({ name: `n${i}`, ready: 'Unknown' }));
    const notes = unreadyNodeNotes(snapshot({ nodes }));
    expect(notes.slice(0, 5)).toEqual(
      nodes.slice(0, 5).map((n) => `node ${n.metadata.name} is not Ready (Ready=Unknown)`),
    );
    expect(notes[5]).toBe('and 2 more nodes not Ready');
    expect(notes).toHaveLength(7);
  });

  it("a pasted condition row of a node not Ready: a pod stands for the node's pods, so no note is needed", () => {
    const text =
      '  Ready                False   Sun, 06 Dec 2020 18:56:49 +0100   Sun, 06 Dec 2020 18:49:40 +0100   KubeletNotReady              PLEG is not healthy: pleg was last seen active 10m18.040734348s ago; threshold is 3m0s\n';
    const s = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], { now: 0 });
    expect(s.pods.map((p) => [p.metadata.name, p.spec.nodeName])).toEqual([['unnamed-pod', 'unnamed-node']]);
    expect(unreadyNodeNotes(s)).toEqual([]);
  });
});
