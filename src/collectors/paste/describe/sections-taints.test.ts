import { describe, expect, it } from 'vitest';
import { conditionRaw, taintRaw, tolerationRaw } from './sections.js';

/** Survivors in sections.ts tolerationRaw, taintRaw and conditionRaw (paste-describe-4). */

describe('tolerationRaw: one line of a pod Tolerations field', () => {
  it('the default not-ready toleration', () => {
    expect(tolerationRaw('  node.kubernetes.io/not-ready:NoExecute op=Exists for 300s  ')).toEqual({
      key: 'node.kubernetes.io/not-ready',
      effect: 'NoExecute',
      operator: 'Exists',
      tolerationSeconds: 300,
    });
  });

  it('key=value:effect, key:effect, key=value, op=Exists alone, and :effect op=Exists', () => {
    expect(tolerationRaw('dedicated=gpu:NoSchedule')).toEqual({
      key: 'dedicated',
      value: 'gpu',
      effect: 'NoSchedule',
    });
    expect(tolerationRaw('node-role.kubernetes.io/control-plane:NoSchedule')).toEqual({
      key: 'node-role.kubernetes.io/control-plane',
      effect: 'NoSchedule',
    });
    expect(tolerationRaw('team=infra')).toEqual({ key: 'team', value: 'infra' });
    expect(tolerationRaw('op=Exists')).toEqual({ operator: 'Exists' });
    expect(tolerationRaw(':NoExecute op=Exists')).toEqual({ operator: 'Exists', effect: 'NoExecute' });
    expect(tolerationRaw('=x:NoSchedule')).toEqual({ value: 'x', effect: 'NoSchedule' });
  });

  it('"for Ns" counts only at the end of the line; an inner "op=Exists" is part of the key', () => {
    expect(tolerationRaw('a:NoExecute for 30s op=Exists')).toEqual({
      key: 'a',
      effect: 'NoExecute for 30s',
      operator: 'Exists',
    });
    expect(tolerationRaw('op=Exists:NoSchedule')).toEqual({
      key: 'op',
      value: 'Exists',
      effect: 'NoSchedule',
    });
    expect(tolerationRaw('slow:NoExecute   for 60s')).toEqual({
      key: 'slow',
      effect: 'NoExecute',
      tolerationSeconds: 60,
    });
  });

  it('<none> and an empty line are no toleration', () => {
    expect(tolerationRaw('<none>')).toBeUndefined();
    expect(tolerationRaw('   <none>  ')).toBeUndefined();
    expect(tolerationRaw('')).toBeUndefined();
  });
});

describe('taintRaw: one line of a node Taints field', () => {
  it('key=value:Effect and key:Effect', () => {
    expect(taintRaw('  dedicated=gpu:NoSchedule ')).toEqual({
      key: 'dedicated',
      value: 'gpu',
      effect: 'NoSchedule',
    });
    expect(taintRaw('node.kubernetes.io/unreachable:NoExecute')).toEqual({
      key: 'node.kubernetes.io/unreachable',
      effect: 'NoExecute',
    });
    expect(taintRaw('=gpu:NoSchedule')).toEqual({ key: '', value: 'gpu', effect: 'NoSchedule' });
  });

  it('<none>, a line without an effect and one that starts with the colon are no taint', () => {
    expect(taintRaw('<none>')).toBeUndefined();
    expect(taintRaw('  <none>')).toBeUndefined();
    expect(taintRaw('dedicated=gpu')).toBeUndefined();
    expect(taintRaw(':NoSchedule')).toBeUndefined();
    expect(taintRaw('  :NoSchedule')).toBeUndefined();
  });
});

describe('conditionRaw: a table row as core/v1 condition fields', () => {
  it('a node row with times, reason and message', () => {
    expect(
      conditionRaw({
        type: 'MemoryPressure',
        status: 'False',
        lastheartbeattime: 'Tue, 14 Nov 2023 09:20:03 +0000',
        lasttransitiontime: 'Mon, 13 Nov 2023 08:00:00 +0000',
        reason: 'KubeletHasSufficientMemory',
        message: 'kubelet has sufficient memory available',
      }),
    ).toEqual({
      type: 'MemoryPressure',
      status: 'False',
      lastHeartbeatTime: '2023-11-14T09:20:03Z',
      lastTransitionTime: '2023-11-13T08:00:00Z',
      reason: 'KubeletHasSufficientMemory',
      message: 'kubelet has sufficient memory available',
    });
  });

  it('drops <none> and empty reasons, zero times and times it cannot read', () => {
    expect(
      conditionRaw({
        type: 'Ready',
        status: 'True',
        reason: '<none>',
        message: '',
        lastprobetime: 'Mon, 01 Jan 0001 00:00:00 +0000',
        lasttransitiontime: 'yesterday',
      }),
    ).toEqual({ type: 'Ready', status: 'True' });
    expect(
      conditionRaw({ type: 'Ready', status: 'True', lastprobetime: 'Mon, 13 Nov 2023 08:00:01 +0000' }),
    ).toEqual({
      type: 'Ready',
      status: 'True',
      lastProbeTime: '2023-11-13T08:00:01Z',
    });
  });
});
