import { currentAdmissionFailure, failureData, limitRangeEvidence, templateResources } from './analyse.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'admission/limit-range',
  stage: 'admission',
  target: 'workload',
  title: 'Pod creation rejected by a LimitRange',
  description:
    'The LimitRanger admission plugin rejected the pods a controller tried to create: a container or the whole pod asks for more ' +
    'than the namespace LimitRange maximum, less than its minimum, omits a required limit/request, or breaks the limit/request ' +
    'ratio; or a LimitRange default limit ended up below the container request ("must be less than or equal to cpu limit").',
  reasons: ['LimitRangeViolation'],
  graceSeconds: 0,
  needs: ['events', 'workloads', 'limitranges'],
  messages: {
    max: '{{kind}} {{name}} cannot create pods: the LimitRange allows at most {{enforced}} {{resource}} per {{scope}}, but the {{field}} is {{actual}}.',
    min: '{{kind}} {{name}} cannot create pods: the LimitRange requires at least {{enforced}} {{resource}} per {{scope}}, but the {{field}} is {{actual}}.',
    missing:
      '{{kind}} {{name}} cannot create pods: the LimitRange bounds {{resource}} per {{scope}} at {{enforced}} and the pod sets no {{field}}.',
    ratio:
      '{{kind}} {{name}} cannot create pods: the LimitRange allows a {{resource}} limit/request ratio of at most {{enforced}} per {{scope}}, but it is {{actual}}.',
    requestAboveLimit:
      "{{kind}} {{name}} cannot create pods: a container's {{resource}} request is above its {{resource}} limit, often a LimitRange default limit lower than the request.",
  },
  docs: 'docs/rules/admission/limit-range.md',
} as const;

const MESSAGE = {
  limitMax: 'max',
  limitMin: 'min',
  limitMissing: 'missing',
  limitRatio: 'ratio',
  requestAboveLimit: 'requestAboveLimit',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentAdmissionFailure(ctx);
    if (f?.error.code !== 'LimitRangeViolation') return [];
    const { kind, fields } = f.error;
    const messageId = kind in MESSAGE ? MESSAGE[kind as keyof typeof MESSAGE] : 'max';
    const ns = f.object.namespace;
    const template =
      templateResources(ctx.workload) ?? ctx.children.map(templateResources).find((e) => e !== undefined);
    const resource = fields.resource || 'resource';
    return [
      finding(meta, {
        reason: 'LimitRangeViolation',
        messageId,
        data: {
          ...failureData(f),
          resource,
          scope: fields.scope || 'Container',
          enforced: fields.enforced ?? '',
          field: fields.field ?? 'limit',
          actual: fields.actual ?? '',
        },
        basis: f.basis,
        evidence: [
          ...f.evidence,
          ...limitRangeEvidence(ctx, ns),
          ...(template === undefined ? [] : [template]),
        ],
        at: f.at,
        nextSteps: [
          kubectl.describe(f.object.kind, f.object.name, ns),
          kubectl.raw(`describe limitrange${kubectl.nsFlag(ns)}`),
          messageId === 'requestAboveLimit'
            ? `Set an explicit ${resource} limit at or above the request in the pod template, or raise the LimitRange default for ${resource}.`
            : `Change the pod template's ${resource} ${fields.field ?? 'requests/limits'} to fit the LimitRange, or ask the namespace owner to change the LimitRange.`,
        ],
      }),
    ];
  },
} satisfies Rule<'workload'>;
