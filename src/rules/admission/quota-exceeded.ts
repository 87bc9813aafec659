import { currentAdmissionFailure, failureData, quotaEvidence, templateResources } from './analyse.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'admission/quota-exceeded',
  stage: 'admission',
  target: 'workload',
  title: 'Pod creation rejected by a ResourceQuota',
  description:
    'The ResourceQuota admission plugin rejected the pods a controller tried to create: the namespace quota is used up ' +
    '("exceeded quota: q, requested: ..., used: ..., limited: ..."), or the quota requires requests/limits the pod does not set ' +
    '("failed quota: q: must specify ..."). Reads FailedCreate events and ReplicaFailure conditions, and the quota objects when present.',
  reasons: ['QuotaExceeded'],
  graceSeconds: 0,
  needs: ['events', 'workloads', 'resourcequotas'],
  messages: {
    exceeded:
      '{{kind}} {{name}} cannot create pods: quota {{quota}} is exhausted (requested {{requested}}, used {{used}}, limited {{limited}}).',
    mustSpecify:
      '{{kind}} {{name}} cannot create pods: quota {{quota}} requires every container to set {{resources}}.',
    scopes: "{{kind}} {{name}} cannot create pods: no ResourceQuota covers the pod's scope ({{detail}}).",
    other: '{{kind}} {{name}} cannot create pods: {{detail}}.',
  },
  docs: 'docs/rules/admission/quota-exceeded.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentAdmissionFailure(ctx);
    if (f?.error.code !== 'QuotaExceeded') return [];
    const { kind, fields, detail } = f.error;
    const ns = f.object.namespace;
    const quota = fields.quota ?? '';
    const messageId =
      kind === 'quotaExceeded'
        ? 'exceeded'
        : kind === 'quotaMustSpecify'
          ? 'mustSpecify'
          : kind === 'quotaScopes'
            ? 'scopes'
            : 'other';
    const template =
      templateResources(ctx.workload) ?? ctx.children.map(templateResources).find((e) => e !== undefined);
    const fix =
      messageId === 'mustSpecify'
        ? `Set ${fields.resources ?? 'the listed requests/limits'} on every container of the pod template, or add a LimitRange with defaults to namespace ${ns}.`
        : messageId === 'exceeded'
          ? `Lower the pod's ${fields.requested ?? 'requests'}, free quota by removing unused workloads, or raise quota ${quota}.`
          : 'Adjust the pod template or the namespace quotas so that the pod fits a quota.';
    return [
      finding(meta, {
        reason: 'QuotaExceeded',
        messageId,
        data: {
          ...failureData(f),
          quota: quota || '(unnamed)',
          requested: fields.requested ?? '',
          used: fields.used ?? '',
          limited: fields.limited ?? '',
          resources: fields.resources ?? '',
          detail,
        },
        basis: f.basis,
        evidence: [
          ...f.evidence,
          ...quotaEvidence(ctx, ns, quota),
          ...(template === undefined ? [] : [template]),
        ],
        at: f.at,
        nextSteps: [
          kubectl.describe(f.object.kind, f.object.name, ns),
          quota === ''
            ? kubectl.raw(`describe quota${kubectl.nsFlag(ns)}`)
            : kubectl.describe('quota', quota, ns),
          fix,
        ],
      }),
    ];
  },
} satisfies Rule<'workload'>;
