/**
 * What the Pod Security Standards checks share (k8s.io/pod-security-admission/policy): the
 * result shape and the library's helpers (joinQuote, pluralize).
 */
import { podContainers, rec, str, type Fields } from '../fields.js';

export interface CheckResult {
  readonly reason: string;
  readonly detail: string;
}

export interface Check {
  readonly id: string;
  /** Baseline checks that a restricted check replaces (not run at restricted). */
  readonly overlap?: boolean;
  readonly run: (spec: Fields) => CheckResult | undefined;
}

export const joinQuote = (items: readonly string[]): string =>
  items.length === 0 ? '' : `"${items.join('", "')}"`;
export const plural = (one: string, many: string, n: number): string => (n === 1 ? one : many);
export const containers = (spec: Fields): Fields[] => podContainers(spec, 'spec').map((x) => x.c);
export const nameOf = (c: Fields): string => str(c.name) ?? '';
export const sc = (c: Fields): Fields | undefined => rec(c.securityContext);
export const sortedSet = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** "container "a" must …" / "containers "a", "b" must …" */
export const who = (names: readonly string[]): string =>
  `${plural('container', 'containers', names.length)} ${joinQuote(names)}`;

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** runAsNonRoot / seccompProfile share a shape: a pod-level value that containers override. */
export function podOrContainer(
  spec: Fields,
  get: (securityContext: Fields | undefined) => unknown,
  good: (v: unknown) => boolean,
): { badSetters: string[]; badValues: string[]; implicit: string[] } {
  const badSetters: string[] = [];
  const badValues: string[] = [];
  let podOk = false;
  const podValue = get(rec(spec.securityContext));
  if (podValue !== undefined) {
    if (good(podValue)) podOk = true;
    else {
      badSetters.push('pod');
      badValues.push(text(podValue));
    }
  }
  const explicit: string[] = [];
  const implicit: string[] = [];
  for (const c of containers(spec)) {
    const v = get(sc(c));
    if (v !== undefined) {
      if (!good(v)) {
        explicit.push(nameOf(c));
        badValues.push(text(v));
      }
    } else if (!podOk) implicit.push(nameOf(c));
  }
  if (explicit.length > 0) badSetters.push(who(explicit));
  return { badSetters, badValues: sortedSet(badValues), implicit };
}

export const seccompType = (s: Fields | undefined): unknown => str(rec(s?.seccompProfile)?.type);
