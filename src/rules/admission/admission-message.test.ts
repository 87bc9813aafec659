import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { admissionKey, classifyAdmissionError } from './admission-message.js';
import { STAGES } from '../../model/index.js';

const ADMISSION_CODES: readonly string[] = STAGES.find((s) => s.id === 'admission')?.reasons ?? [];

describe('classifyAdmissionError', () => {
  it.each([
    [
      'Error creating: pods "web-" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2',
      'QuotaExceeded',
      'quotaExceeded',
    ],
    [
      'Error creating: pods "web-" is forbidden: failed quota: q: must specify limits.cpu',
      'QuotaExceeded',
      'quotaMustSpecify',
    ],
    [
      'Error creating: pods "web-" is forbidden: insufficient quota to match these scopes: [{PriorityClass In [high]}]',
      'QuotaExceeded',
      'quotaScopes',
    ],
    [
      'Error creating: pods "web-" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi',
      'LimitRangeViolation',
      'limitMax',
    ],
    [
      'Error creating: pods "web-" is forbidden: minimum cpu usage per Container is 100m, but request is 50m',
      'LimitRangeViolation',
      'limitMin',
    ],
    [
      'Error creating: pods "web-" is forbidden: violates PodSecurity "restricted:latest": seccompProfile',
      'PodSecurityViolation',
      'podSecurity',
    ],
    [
      'Error creating: pods "web-" is forbidden: unable to validate against any security context constraint: []',
      'PolicyForbidden',
      'scc',
    ],
    [
      'Error creating: pods "web-" is forbidden: unable to validate against any pod security policy: []',
      'PolicyForbidden',
      'psp',
    ],
    [
      'Error creating: Pod "web-x" is invalid: spec.containers[0].securityContext.privileged: Forbidden: disallowed by cluster policy',
      'PolicyForbidden',
      'clusterPolicy',
    ],
    ['Error creating: admission webhook "a.b" denied the request: nope', 'WebhookDenied', 'webhookDenied'],
    [
      'Error creating: Internal error occurred: failed calling webhook "a.b": context deadline exceeded',
      'WebhookUnavailable',
      'webhookUnavailable',
    ],
    [
      'Error creating: pods "web-" is forbidden: error looking up service account ns/sa: serviceaccount "sa" not found',
      'ServiceAccountMissing',
      'serviceAccountMissing',
    ],
    [
      'Error creating: pods "web-" is forbidden: unable to create new content in namespace ns because it is being terminated',
      'Forbidden',
      'namespaceTerminating',
    ],
    [
      'Error creating: Pod "web-x" is invalid: spec.containers[0].name: Required value',
      'Forbidden',
      'invalid',
    ],
    ['Error creating: something unheard of', 'Forbidden', 'other'],
  ])('%s', (message, code, kind) => {
    const e = classifyAdmissionError(message);
    expect([e?.code, e?.kind]).toEqual([code, kind]);
  });

  it('ignores transient and empty errors', () => {
    expect(classifyAdmissionError('')).toBeUndefined();
    expect(classifyAdmissionError('Error creating: pods "web-abc" already exists')).toBeUndefined();
    expect(classifyAdmissionError('Error creating: etcdserver: leader changed')).toBeUndefined();
  });

  it('keys the same failure of different generated pod names alike', () => {
    const a = classifyAdmissionError(
      'Error creating: pods "web-a" is forbidden: failed quota: q: must specify cpu',
    );
    const b = classifyAdmissionError(
      'Error creating: pods "web-b" is forbidden: failed quota: q: must specify cpu',
    );
    expect(a && admissionKey(a)).toBe(b && admissionKey(b));
  });

  it('never throws', () => {
    const fragment = fc.constantFrom(
      'Error creating: ',
      'pods "x" is forbidden: ',
      'exceeded quota: ',
      ', requested: ',
      ', used: ',
      ', limited: ',
      'maximum ',
      'minimum ',
      ' usage per ',
      ' is ',
      ', but ',
      'limit',
      'request',
      '.  No ',
      'admission webhook "',
      'denied the request',
      'failed calling webhook',
      'https://',
      '.svc',
      'service "',
      '"',
      ':',
      ' ',
      'violates PodSecurity',
      ' max limit to request ratio per ',
      'service account ',
      '/',
      '[',
      ']',
    );
    let classified = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.array(fragment, { maxLength: 40 }).map((p) => p.join('')),
        ),
        (s) => {
          const e = classifyAdmissionError(s);
          if (e === undefined) return;
          expect(ADMISSION_CODES).toContain(e.code);
          expect(e.error).not.toBe('');
          expect(s).toContain(e.error);
          expect(e.error).toContain(e.detail);
          for (const v of Object.values(e.fields)) expect(typeof v).toBe('string');
          classified++;
        },
      ),
      { numRuns: 3000 },
    );
    expect(classified).toBeGreaterThan(100);
  });
});
