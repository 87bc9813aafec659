import { describe, expect, it } from 'vitest';
import { findMessage } from './anywhere.js';

const BACKOFF = 'Back-off restarting failed container app in pod web-0_shop(0f6b2c1e)';
const EVICTED = 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki.';
const OUT_OF_CPU = "Node didn't have enough resource: cpu, requested: 4000, used: 1800, capacity: 4000";

describe('findMessage: where a message stands and ends', () => {
  it.each([
    // A YAML single-quoted scalar, a Markdown code span, a JSON string: the message ends at its quote.
    [`  message: '${BACKOFF}'`, 12, 12 + BACKOFF.length],
    [`the event says \`${BACKOFF}\` every minute`, 16, 16 + BACKOFF.length],
    [`{"message":"${BACKOFF}","reason":"BackOff"}`, 12, 12 + BACKOFF.length],
    [`  message: '${BACKOFF}`, 12, 12 + BACKOFF.length],
    // Unquoted, or with no closing quote: to the end of the line.
    [`Warning  BackOff  kubelet  ${BACKOFF}`, 27, 27 + BACKOFF.length],
    [`'${BACKOFF}`, 1, 1 + BACKOFF.length],
  ])('%s', (line, at, end) => {
    expect(findMessage(line)).toStrictEqual({
      at,
      end,
      shape: expect.objectContaining({ reason: 'BackOff' }) as unknown,
    });
  });

  // Markdown emphasis around a pasted message: the message starts after the opening marker and
  // ends before the closing one; a marker inside a word or a name stays part of it.
  it.each([
    [`- _${BACKOFF}_`, 3, 3 + BACKOFF.length],
    [`__${BACKOFF}__`, 2, 2 + BACKOFF.length],
    [`*${BACKOFF}*`, 1, 1 + BACKOFF.length],
    [`**${BACKOFF}**  `, 2, 2 + BACKOFF.length],
    [`the kubelet says _${BACKOFF}_ each minute`, 18, 18 + BACKOFF.length],
    [`(_${BACKOFF}_)`, 2, 2 + BACKOFF.length],
    [`_${BACKOFF}`, 1, 1 + BACKOFF.length],
  ])('emphasis: %s', (line, at, end) => {
    expect(findMessage(line)).toStrictEqual({
      at,
      end,
      shape: expect.objectContaining({ reason: 'BackOff' }) as unknown,
    });
  });

  it.each([`pod_${BACKOFF}`, `x__${BACKOFF}`, `a._${BACKOFF}`])(
    'no word start after an underscore inside a word: %s',
    (line) => {
      expect(findMessage(line)).toBeUndefined();
    },
  );

  it('an event message that is also a pod status message is read as the event (the Evicted event)', () => {
    expect(findMessage(`Warning  Evicted  kubelet  ${EVICTED}`)).toStrictEqual({
      at: 27,
      end: 27 + EVICTED.length,
      shape: expect.objectContaining({ reason: 'Evicted', type: 'Warning' }) as unknown,
    });
  });

  it.each([
    [OUT_OF_CPU, 0, 'OutOfcpu'],
    [`status: {message: "${OUT_OF_CPU}", phase: Failed}`, 19, 'OutOfcpu'],
    ['Message:  Pod Predicate NodeAffinity failed', 10, 'NodeAffinity'],
  ])('a pod status message gives its reason and no shape: %s', (line, at, podReason) => {
    const found = findMessage(line);
    expect(found).toStrictEqual({ at, end: found?.end, podReason });
    expect(found?.end).toBe(line.includes('"') ? at + OUT_OF_CPU.length : line.length);
  });

  // The kubelet's rejectPod writes "Pod was rejected: " + the admission message; with one no reason
  // is known for (InvalidNodeInfo, kubernetes-facts.md §3.4) the start alone is no message.
  it('a pod status start with no reason it can give is no message', () => {
    expect(findMessage('Pod was rejected: Kubelet cannot get node info.')).toBeUndefined();
  });
});
