/** The restricted Pod Security Standards checks, in the library's file order (check_*.go). */
import { list, rec, str } from '../fields.js';
import {
  containers,
  joinQuote,
  nameOf,
  podOrContainer,
  sc,
  seccompType,
  sortedSet,
  who,
  type Check,
} from './pod-security-checks.js';

const ALLOWED_VOLUME_SOURCES = [
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
];

const validSeccomp = (v: unknown): boolean => v === 'RuntimeDefault' || v === 'Localhost';
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

export const RESTRICTED_CHECKS: readonly Check[] = [
  {
    id: 'allowPrivilegeEscalation',
    run: (spec) => {
      const bad = containers(spec)
        .filter((c) => sc(c)?.allowPrivilegeEscalation !== false)
        .map(nameOf);
      if (bad.length === 0) return undefined;
      return {
        reason: 'allowPrivilegeEscalation != false',
        detail: `${who(bad)} must set securityContext.allowPrivilegeEscalation=false`,
      };
    },
  },
  {
    id: 'capabilities_restricted',
    run: (spec) => {
      const missingDrop: string[] = [];
      const adding: string[] = [];
      const caps: string[] = [];
      for (const c of containers(spec)) {
        const capabilities = rec(sc(c)?.capabilities);
        if (capabilities === undefined) {
          missingDrop.push(nameOf(c));
          continue;
        }
        if (!strings(capabilities.drop).includes('ALL')) missingDrop.push(nameOf(c));
        const extra = strings(capabilities.add).filter((x) => x !== 'NET_BIND_SERVICE');
        if (extra.length > 0) {
          adding.push(nameOf(c));
          caps.push(...extra);
        }
      }
      const details: string[] = [];
      if (missingDrop.length > 0)
        details.push(`${who(missingDrop)} must set securityContext.capabilities.drop=["ALL"]`);
      if (adding.length > 0)
        details.push(
          `${who(adding)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`,
        );
      return details.length === 0
        ? undefined
        : { reason: 'unrestricted capabilities', detail: details.join('; ') };
    },
  },
  {
    id: 'restrictedVolumes',
    run: (spec) => {
      const bad = sortedSet(
        list(spec.volumes)
          .filter((v) => !ALLOWED_VOLUME_SOURCES.some((k) => v[k] !== undefined))
          .map((v) => str(v.name) ?? ''),
      );
      if (bad.length === 0) return undefined;
      // Go's %q of a []string: ["a" "b"].
      return {
        reason: 'restricted volume types',
        detail: `volumes [${bad.map((b) => JSON.stringify(b)).join(' ')}] have restricted types`,
      };
    },
  },
  {
    id: 'runAsNonRoot',
    run: (spec) => {
      const { badSetters, implicit } = podOrContainer(
        spec,
        (s) => s?.runAsNonRoot,
        (v) => v === true,
      );
      if (badSetters.length > 0)
        return {
          reason: 'runAsNonRoot != true',
          detail: `${badSetters.join(' and ')} must not set securityContext.runAsNonRoot=false`,
        };
      if (implicit.length > 0)
        return {
          reason: 'runAsNonRoot != true',
          detail: `pod or ${who(implicit)} must set securityContext.runAsNonRoot=true`,
        };
      return undefined;
    },
  },
  {
    id: 'seccompProfile_restricted',
    run: (spec) => {
      const { badSetters, badValues, implicit } = podOrContainer(spec, seccompType, validSeccomp);
      if (badSetters.length > 0)
        return {
          reason: 'seccompProfile',
          detail: `${badSetters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(badValues)}`,
        };
      if (implicit.length > 0)
        return {
          reason: 'seccompProfile',
          detail: `pod or ${who(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`,
        };
      return undefined;
    },
  },
];
