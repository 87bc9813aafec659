/** The baseline Pod Security Standards checks, in the library's file order (check_*.go). */
import { list, rec, str } from '../fields.js';
import {
  containers,
  joinQuote,
  nameOf,
  plural,
  podOrContainer,
  sc,
  seccompType,
  sortedSet,
  who,
  type Check,
} from './pod-security-checks.js';

const DEFAULT_CAPABILITIES = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

const added = (c: ReturnType<typeof containers>[number]): string[] => {
  const add = rec(sc(c)?.capabilities)?.add;
  return Array.isArray(add) ? add.map(String) : [];
};

export const BASELINE_CHECKS: readonly Check[] = [
  {
    id: 'capabilities_baseline',
    overlap: true,
    run: (spec) => {
      const bad: string[] = [];
      const caps: string[] = [];
      for (const c of containers(spec)) {
        const nonDefault = added(c).filter((cap) => !DEFAULT_CAPABILITIES.has(cap));
        if (nonDefault.length === 0) continue;
        bad.push(nameOf(c));
        caps.push(...nonDefault);
      }
      if (bad.length === 0) return undefined;
      return {
        reason: 'non-default capabilities',
        detail: `${who(bad)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`,
      };
    },
  },
  {
    id: 'hostNamespaces',
    run: (spec) => {
      const used = ['hostIPC', 'hostNetwork', 'hostPID'].filter((k) => spec[k] === true);
      return used.length === 0 ? undefined : { reason: 'host namespaces', detail: used.join(', ') };
    },
  },
  {
    id: 'hostPathVolumes',
    run: (spec) => {
      const vols = list(spec.volumes)
        .filter((v) => v.hostPath !== undefined)
        .map((v) => str(v.name) ?? '');
      if (vols.length === 0) return undefined;
      return {
        reason: 'hostPath volumes',
        detail: `${plural('volume', 'volumes', vols.length)} ${joinQuote(vols)}`,
      };
    },
  },
  {
    id: 'hostPorts',
    run: (spec) => {
      const bad: string[] = [];
      const ports: string[] = [];
      for (const c of containers(spec)) {
        const hostPorts = list(c.ports)
          .map((p) => p.hostPort)
          .filter((p): p is number => typeof p === 'number' && p !== 0);
        if (hostPorts.length === 0) continue;
        bad.push(nameOf(c));
        ports.push(...hostPorts.map(String));
      }
      if (bad.length === 0) return undefined;
      const unique = sortedSet(ports);
      return {
        reason: 'hostPort',
        detail: `${who(bad)} ${plural('uses', 'use', bad.length)} ${plural('hostPort', 'hostPorts', unique.length)} ${unique.join(', ')}`,
      };
    },
  },
  {
    id: 'privileged',
    run: (spec) => {
      const bad = containers(spec)
        .filter((c) => sc(c)?.privileged === true)
        .map(nameOf);
      if (bad.length === 0) return undefined;
      return { reason: 'privileged', detail: `${who(bad)} must not set securityContext.privileged=true` };
    },
  },
  {
    id: 'seccompProfile_baseline',
    overlap: true,
    run: (spec) => {
      const { badSetters } = podOrContainer(spec, seccompType, (v) => v !== 'Unconfined');
      if (badSetters.length === 0) return undefined;
      return {
        reason: 'seccompProfile',
        detail: `${badSetters.join(' and ')} must not set securityContext.seccompProfile.type to "Unconfined"`,
      };
    },
  },
];
