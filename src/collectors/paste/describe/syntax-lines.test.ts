import { describe, expect, it } from 'vitest';
import {
  columns,
  isElision,
  isFence,
  isNameLine,
  isNone,
  isUnderline,
  keyLine,
  labelMap,
  toBool,
  toInt,
} from './syntax.js';

/** Survivors in syntax.ts line readers: keyLine, isNameLine, columns, isUnderline, isElision, isFence, values (paste-describe-4). */

describe('keyLine', () => {
  it('value columns count tabs to the next multiple of 8', () => {
    expect(keyLine('Name:\tweb-1')).toEqual({ indent: 0, key: 'Name', value: 'web-1', valueColumn: 8 });
    expect(keyLine('\tImage:\t\tnginx:1.25')).toEqual({
      indent: 8,
      key: 'Image',
      value: 'nginx:1.25',
      valueColumn: 24,
    });
    expect(keyLine('  Port:\t8080/TCP')).toEqual({
      indent: 2,
      key: 'Port',
      value: '8080/TCP',
      valueColumn: 8,
    });
    expect(keyLine('Namespace:   shop')).toEqual({
      indent: 0,
      key: 'Namespace',
      value: 'shop',
      valueColumn: 13,
    });
    expect(keyLine('    Mounts:')).toEqual({ indent: 4, key: 'Mounts', value: '', valueColumn: -1 });
  });

  it('the key ends at the first colon followed by white space or the end', () => {
    expect(keyLine('Annotations:  kubectl.kubernetes.io/restartedAt: 2023-11-14T09:12:40Z')).toEqual({
      indent: 0,
      key: 'Annotations',
      value: 'kubectl.kubernetes.io/restartedAt: 2023-11-14T09:12:40Z',
      valueColumn: 14,
    });
    expect(keyLine('  http://web:8080/healthz:  up')).toEqual({
      indent: 2,
      key: 'http://web:8080/healthz',
      value: 'up',
      valueColumn: 28,
    });
    expect(keyLine(':authority:  example.com')).toEqual({
      indent: 0,
      key: ':authority',
      value: 'example.com',
      valueColumn: 13,
    });
    expect(keyLine('a b:  c')).toEqual({ indent: 0, key: 'a b', value: 'c', valueColumn: 6 });
  });

  it('no key: a toleration, a colon first, event rows with gaps or tabs, a key ending in a space', () => {
    expect(keyLine('node.kubernetes.io/not-ready:NoExecute op=Exists for 300s')).toBeUndefined();
    expect(keyLine('dedicated=gpu:NoSchedule')).toBeUndefined();
    expect(keyLine('  : nothing')).toBeUndefined();
    expect(keyLine('  Warning  Failed     3m   kubelet  Error: ImagePullBackOff')).toBeUndefined();
    expect(keyLine('Warning\tFailed\tkubelet\tError: ImagePullBackOff')).toBeUndefined();
    expect(keyLine('Normal\tPulled: done')).toBeUndefined();
    expect(keyLine('Ready :  True')).toBeUndefined();
    expect(keyLine('    ')).toBeUndefined();
    expect(keyLine('')).toBeUndefined();
  });
});

describe('isNameLine', () => {
  it('a container or volume heading, up to 254 characters', () => {
    expect(isNameLine('  kube-api-access-4xk2p:')).toBe(true);
    expect(isNameLine('a:')).toBe(true);
    expect(isNameLine(`  ${'a'.repeat(253)}:`)).toBe(true);
    expect(isNameLine(`  ${'a'.repeat(254)}:`)).toBe(false);
    expect(isNameLine(':')).toBe(false);
    expect(isNameLine('  Mounts:')).toBe(false);
  });
});

describe('columns', () => {
  it('cells split at two spaces or a tab, with their offsets; one trailing space is not in the cell', () => {
    expect(columns('  Ready  True ')).toEqual([
      { text: 'Ready', at: 2 },
      { text: 'True', at: 9 },
    ]);
    expect(columns('Normal\tPulled  12m (x2 over 5m)\tkubelet')).toEqual([
      { text: 'Normal', at: 0 },
      { text: 'Pulled', at: 7 },
      { text: '12m (x2 over 5m)', at: 15 },
      { text: 'kubelet', at: 32 },
    ]);
    expect(columns('a b')).toEqual([{ text: 'a b', at: 0 }]);
    expect(columns('   ')).toEqual([]);
  });
});

describe('isUnderline, isElision, isFence', () => {
  it('an underline is dashes and spaces with a double dash', () => {
    expect(isUnderline('  ----     ------  ---')).toBe(true);
    expect(isUnderline('      --config=/etc/web/config.yaml')).toBe(false);
    expect(isUnderline('      tail -f --')).toBe(false);
    expect(isUnderline('  -  -')).toBe(false);
    expect(isUnderline('    ')).toBe(false);
  });

  it('an elision is only dots or an ellipsis', () => {
    expect(isElision('   ...  ')).toBe(true);
    expect(isElision('…')).toBe(true);
    expect(isElision('... and 3 more')).toBe(false);
  });

  it('a fence may be indented but must start the line', () => {
    expect(isFence('  ```yaml')).toBe(true);
    expect(isFence('~~~')).toBe(true);
    expect(isFence('x```')).toBe(false);
    expect(isFence('see ```')).toBe(false);
  });
});

describe('values', () => {
  it('isNone, toInt, toBool', () => {
    expect(['', '<none>', '<unset>', '<nil>', 'none', '0'].map(isNone)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([' 3607 ', '-1', 'x', '1234567890123456'].map(toInt)).toEqual([3607, -1, undefined, undefined]);
    expect([' True ', 'FALSE', 'yes'].map(toBool)).toEqual([true, false, undefined]);
  });

  it('labelMap reads k=v items, comma lists, and annotations by ": "', () => {
    expect(labelMap(['app=web', 'pod-template-hash=7d4b9c8f6d,tier=frontend'])).toEqual({
      app: 'web',
      'pod-template-hash': '7d4b9c8f6d',
      tier: 'frontend',
    });
    expect(labelMap(['app = web'])).toEqual({ app: 'web' });
    expect(labelMap(['<none>'])).toBeUndefined();
    expect(labelMap([])).toBeUndefined();
    expect(labelMap(['app=web', '--foo=bar', 'not a key=1', '=x'])).toEqual({ app: 'web' });
    expect(labelMap(['deployment.kubernetes.io/revision:  3', 'note: a,b'], ': ')).toEqual({
      'deployment.kubernetes.io/revision': '3',
      note: 'a,b',
    });
  });
});
