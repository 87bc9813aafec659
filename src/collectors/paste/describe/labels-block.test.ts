import { describe, expect, it } from 'vitest';
import { parseLabelsBlock } from './labels-block.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseLabelsBlock);

describe('parseLabelsBlock: a describe Labels block cut out without its object', () => {
  it('is the StatefulSet pod its pod-name label names', () => {
    const [pod, ...rest] = read(text`
      Labels:       app.kubernetes.io/component=redis
                    controller-revision-hash=rfr-redis-75d8c459f4
                    statefulset.kubernetes.io/pod-name=rfr-redis-0
      Annotations:  <none>
    `);
    expect(rest).toEqual([]);
    expect(pod?.raw).toEqual({
      kind: 'Pod',
      metadata: {
        name: 'rfr-redis-0',
        labels: {
          'app.kubernetes.io/component': 'redis',
          'controller-revision-hash': 'rfr-redis-75d8c459f4',
          'statefulset.kubernetes.io/pod-name': 'rfr-redis-0',
        },
      },
    });
    expect(pod?.inferredName).toContain('pod-name label');
  });

  it.each([
    ['pod-template-hash', 'Labels:  app=web\n         pod-template-hash=7d4b9c'],
    ['controller-revision-hash', '  Labels:   app=agent\n             controller-revision-hash=5f8'],
  ])('is an unnamed pod when only %s says it is a pod', (_, block) => {
    const [pod] = read(block);
    expect(pod?.raw.metadata).toMatchObject({ name: 'unnamed-pod' });
    expect(Object.keys((pod?.raw.metadata as { labels: object }).labels)).toHaveLength(2);
  });

  it.each([
    ['no label controllers put on pods', 'Labels:  app=web\n         tier=frontend'],
    ['no labels', 'Labels:       <none>'],
    ['a prose line', 'Labels: see the chart values'],
  ])('reads nothing with %s', (_, block) => {
    expect(read(block)).toEqual([]);
  });

  it('ends at the next field, which stands at the Labels field indent', () => {
    const [pod] = read(text`
      Labels:  app=web
               pod-template-hash=7d4
      Annotations:  x=y
               other=z
    `);
    expect((pod?.raw.metadata as { labels: object }).labels).toEqual({
      app: 'web',
      'pod-template-hash': '7d4',
    });
  });
});
