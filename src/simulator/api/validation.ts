/**
 * Schema validation with the apiserver's field errors: names (RFC 1123 subdomain or label,
 * RFC 1035 label for Services), containers, images (only whitespace: the apiserver does not
 * parse references, the kubelet reports InvalidImageName), ports, workload selectors.
 */
import type { KObject } from '../world/types.js';
import type { ResourceInfo } from '../world/resources.js';
import { invalid, type StatusObj } from './status.js';
import { list, podContainers, rec, str, strMap, type Fields } from './fields.js';
import { cmp, formatQuantity, resourceList } from './quantity.js';

export interface FieldError {
  readonly field: string;
  readonly type:
    'FieldValueRequired' | 'FieldValueInvalid' | 'FieldValueDuplicate' | 'FieldValueNotSupported';
  readonly message: string;
}

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** Go's %q / %v rendering of a field value inside `Invalid value: …`. */
const shown = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));
/** Go's %#v of a map[string]string (keys sorted, as fmt prints maps). */
const goMap = (m: Record<string, string>): string =>
  `map[string]string{${Object.keys(m)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`)
    .join(', ')}}`;

const invalidValue = (field: string, value: unknown, detail: string): FieldError => ({
  field,
  type: 'FieldValueInvalid',
  message: `Invalid value: ${typeof value === 'string' && value.startsWith('map[') ? value : shown(value)}: ${detail}`,
});
const required = (field: string): FieldError => ({
  field,
  type: 'FieldValueRequired',
  message: 'Required value',
});

/** Which name rule a kind uses (ValidateObjectMeta's nameFn). */
function nameErrors(name: string, kind: string): FieldError[] {
  const field = 'metadata.name';
  if (kind === 'Namespace') {
    if (name.length > 63) return [invalidValue(field, name, 'must be no more than 63 characters')];
    return LABEL.test(name) ? [] : [invalidValue(field, name, LABEL_MSG)];
  }
  if (kind === 'Service') {
    if (name.length > 63) return [invalidValue(field, name, 'must be no more than 63 characters')];
    return DNS1035.test(name) ? [] : [invalidValue(field, name, DNS1035_MSG)];
  }
  if (name.length > 253) return [invalidValue(field, name, 'must be no more than 253 characters')];
  return SUBDOMAIN.test(name) ? [] : [invalidValue(field, name, SUBDOMAIN_MSG)];
}

/** ValidateResourceRequirements: a request above its limit is invalid (LimitRange defaults can cause it). */
function requestLimitErrors(c: Fields, path: string): FieldError[] {
  const res = rec(c.resources) ?? {};
  const limits = resourceList(res.limits);
  const errs: FieldError[] = [];
  for (const [k, req] of resourceList(res.requests)) {
    const lim = limits.get(k);
    if (lim !== undefined && cmp(req, lim) > 0)
      errs.push(
        invalidValue(
          `${path}.resources.requests[${k}]`,
          formatQuantity(req),
          `must be less than or equal to ${k} limit of ${formatQuantity(lim)}`,
        ),
      );
  }
  return errs;
}

function containerErrors(spec: Fields, base: string): FieldError[] {
  const errs: FieldError[] = [];
  if (list(spec.containers).length === 0) errs.push(required(`${base}.containers`));
  const seen = new Set<string>();
  for (const { c, path } of podContainers(spec, base)) {
    const name = str(c.name);
    if (name === undefined || name === '') errs.push(required(`${path}.name`));
    else if (!LABEL.test(name) || name.length > 63) errs.push(invalidValue(`${path}.name`, name, LABEL_MSG));
    else if (seen.has(name))
      errs.push({
        field: `${path}.name`,
        type: 'FieldValueDuplicate',
        message: `Duplicate value: ${shown(name)}`,
      });
    if (name !== undefined) seen.add(name);
    const image = str(c.image);
    if (image === undefined || image === '') errs.push(required(`${path}.image`));
    else if (image.trim() !== image)
      errs.push(invalidValue(`${path}.image`, image, 'must not have leading or trailing whitespace'));
    errs.push(...requestLimitErrors(c, path));
    list(c.ports).forEach((p, i) => {
      for (const key of ['containerPort', 'hostPort'] as const) {
        const v = p[key];
        if (v === undefined && key === 'hostPort') continue;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 65535)
          errs.push(
            v === undefined
              ? required(`${path}.ports[${i}].${key}`)
              : invalidValue(`${path}.ports[${i}].${key}`, v, 'must be between 1 and 65535, inclusive'),
          );
      }
    });
  }
  const restart = str(spec.restartPolicy);
  if (restart !== undefined && !['Always', 'OnFailure', 'Never'].includes(restart))
    errs.push({
      field: `${base}.restartPolicy`,
      type: 'FieldValueNotSupported',
      message: `Unsupported value: ${shown(restart)}: supported values: "Always", "OnFailure", "Never"`,
    });
  return errs;
}

function selectorErrors(obj: KObject, kind: string): FieldError[] {
  const spec = rec(obj.spec) ?? {};
  const selector = rec(spec.selector);
  if (selector === undefined) return kind === 'Job' ? [] : [required('spec.selector')];
  const match = strMap(selector.matchLabels);
  const labels = strMap(rec(rec(spec.template)?.metadata)?.labels);
  const errs: FieldError[] = [];
  if (
    kind === 'Job' &&
    spec.manualSelector !== true &&
    match['batch.kubernetes.io/controller-uid'] === undefined
  )
    errs.push(invalidValue('spec.selector', goMap(match), '`selector` not auto-generated'));
  const exprs = list(selector.matchExpressions);
  if (Object.keys(match).length === 0 && exprs.length === 0)
    return [
      ...errs,
      invalidValue('spec.selector', goMap(match), `empty selector is invalid for ${kind.toLowerCase()}`),
    ];
  const matches =
    Object.entries(match).every(([k, v]) => labels[k] === v) &&
    exprs.every((e) => {
      const key = str(e.key) ?? '';
      const values = Array.isArray(e.values) ? e.values.map(String) : [];
      const has = key in labels;
      switch (e.operator) {
        case 'In':
          return has && values.includes(labels[key] ?? '');
        case 'NotIn':
          return !has || !values.includes(labels[key] ?? '');
        case 'Exists':
          return has;
        case 'DoesNotExist':
          return !has;
        default:
          return false;
      }
    });
  if (!matches)
    errs.push(
      invalidValue(
        'spec.template.metadata.labels',
        goMap(labels),
        '`selector` does not match template `labels`',
      ),
    );
  return errs;
}

const WORKLOADS = ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job'];

export function validationErrors(obj: KObject, resource: ResourceInfo): FieldError[] {
  const errs: FieldError[] = [];
  const name = obj.metadata.name;
  if (typeof name !== 'string' || name === '')
    errs.push({
      field: 'metadata.name',
      type: 'FieldValueRequired',
      message: 'Required value: name or generateName is required',
    });
  else errs.push(...nameErrors(name, resource.kind));
  if (resource.kind === 'Pod') errs.push(...containerErrors(rec(obj.spec) ?? {}, 'spec'));
  if (WORKLOADS.includes(resource.kind)) {
    errs.push(...selectorErrors(obj, resource.kind));
    errs.push(...containerErrors(rec(rec(rec(obj.spec)?.template)?.spec) ?? {}, 'spec.template.spec'));
  }
  if (resource.kind === 'Job') {
    const restart = str(rec(rec(rec(obj.spec)?.template)?.spec)?.restartPolicy);
    if (restart !== 'Never' && restart !== 'OnFailure')
      errs.push({
        field: 'spec.template.spec.restartPolicy',
        type: 'FieldValueNotSupported',
        message: `Unsupported value: ${shown(restart ?? '')}: supported values: "OnFailure", "Never"`,
      });
  }
  if (resource.kind === 'Service')
    list(rec(obj.spec)?.ports).forEach((p, i) => {
      const port = p.port;
      if (typeof port !== 'number' || port < 1 || port > 65535)
        errs.push(
          port === undefined
            ? required(`spec.ports[${i}].port`)
            : invalidValue(`spec.ports[${i}].port`, port, 'must be between 1 and 65535, inclusive'),
        );
    });
  return errs;
}

/** The 422 Status: `Deployment.apps "web" is invalid: …`, one cause per field error. */
export function validate(obj: KObject, resource: ResourceInfo): StatusObj | undefined {
  const errs = validationErrors(obj, resource);
  if (errs.length === 0) return undefined;
  const qualifiedKind = resource.group === '' ? resource.kind : `${resource.kind}.${resource.group}`;
  const out = invalid(qualifiedKind, obj.metadata.name, errs);
  out.details = {
    name: obj.metadata.name,
    ...(resource.group === '' ? {} : { group: resource.group }),
    kind: resource.kind,
    causes: errs.map((e) => ({ reason: e.type, message: e.message, field: e.field })),
  };
  return out;
}
