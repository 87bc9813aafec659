import { describe, expect, it } from 'vitest';
import { recorderLogEvent } from './recorder-log.js';

const raw = (line: string) => recorderLogEvent(line, 1)?.objects[0]?.raw;

describe("recorderLogEvent: client-go's event recorder log lines", () => {
  it('reads the structured form with its object, type, reason and message', () => {
    const r = raw(
      'Jan 30 11:28:54 kind-worker kubelet[222]: I0130 11:28:54.293920     222 event.go:389] "Event occurred" object="kueue-system/kueue-cm-8494d-8vqfm" fieldPath="spec.initContainers{plugin-init}" kind="Pod" apiVersion="v1" type="Warning" reason="Failed" message="Failed to pull image \\"reg.example/plugin:0.0.1\\": not found"',
    );
    expect(r).toMatchObject({
      kind: 'Event',
      involvedObject: {
        kind: 'Pod',
        namespace: 'kueue-system',
        name: 'kueue-cm-8494d-8vqfm',
        fieldPath: 'spec.initContainers{plugin-init}',
      },
      type: 'Warning',
      reason: 'Failed',
      message: 'Failed to pull image "reg.example/plugin:0.0.1": not found',
    });
  });

  it.each([
    [
      'I0422 13:42:30.273047       1 event.go:307] "Event occurred" object="default/gpu-pod" type="Warning" reason="FilteringFailed" message="no available node"',
      'Pod',
      'default',
      'gpu-pod',
      'FilteringFailed',
    ],
    [
      'I0530 02:17:02.860036       1 event.go:291] "Event occurred" object="default/nginx" kind="Deployment" apiVersion="apps/v1" type="Normal" reason="ScalingReplicaSet" message="Scaled up replica set nginx-6799fc88d8 to 1"',
      'Deployment',
      'default',
      'nginx',
      'ScalingReplicaSet',
    ],
    [
      'I0221 08:09:48.845972       1 event.go:282] Event(v1.ObjectReference{Kind:"Pod", Namespace:"shop", Name:"web-1", UID:"846c", APIVersion:"v1", ResourceVersion:"12", FieldPath:"spec.containers{app}"}): type: \'Warning\' reason: \'BackOff\' Back-off restarting failed container',
      'Pod',
      'shop',
      'web-1',
      'BackOff',
    ],
    [
      'Event(v1.ObjectReference{Kind:"Node", Namespace:"", Name:"node-1", UID:"node-1", APIVersion:"", ResourceVersion:"", FieldPath:""}): type: \'Normal\' reason: \'NodeNotReady\' Node node-1 status is now: NodeNotReady',
      'Node',
      undefined,
      'node-1',
      'NodeNotReady',
    ],
  ])('%s', (line, kind, namespace, name, reason) => {
    const r = raw(line) as { involvedObject: Record<string, unknown>; reason: string } | undefined;
    expect(r?.involvedObject.kind).toBe(kind);
    expect(r?.involvedObject.namespace).toBe(namespace);
    expect(r?.involvedObject.name).toBe(name);
    expect(r?.reason).toBe(reason);
  });

  it('notes an event of a custom resource instead of reading it', () => {
    const r = recorderLogEvent(
      'Event(v1.ObjectReference{Kind:"Job", Namespace:"ns", Name:"vj", UID:"8", APIVersion:"batch.volcano.sh/v1alpha1", ResourceVersion:"1", FieldPath:""}): type: \'Warning\' reason: \'PodGroupPending\' 3/9 tasks in gang unschedulable',
      4,
    );
    expect(r?.objects).toEqual([]);
    expect(r?.notes?.[0]).toContain(
      'line 4: an event (Warning PodGroupPending) of Job vj (batch.volcano.sh/v1alpha1)',
    );
  });

  it.each([
    '"Event occurred" without its fields',
    'Event(v1.ObjectReference{Kind:"Pod"}) happened',
    'plain text',
  ])('reads no other line: %s', (line) => {
    expect(recorderLogEvent(line, 1)).toBeUndefined();
  });
});
