/**
 * `cluster`: the nodes, namespaces, admission webhooks, storage, CNI, registry and users the
 * scenario runs against. Quantities stay Kubernetes strings; durations are read as ms.
 */
import * as v from 'valibot';
import { bool, duration, fields, list, oneOf, stringMap, text } from './fields.js';
import { registry } from './images.js';
import { nodes } from './nodes.js';

const namespace = fields({
  name: text,
  labels: v.optional(stringMap, {}),
  /** ResourceQuota spec.hard. */
  quota: v.exactOptional(stringMap),
  /** LimitRange items (type Container or Pod; max, min, default, defaultRequest), as written. */
  limitRange: v.exactOptional(v.array(v.unknown(), '{key} must be a list of LimitRange items')),
  /** ServiceAccounts besides `default`, which always exists. */
  serviceAccounts: v.optional(list(text), []),
});

const webhook = v.pipe(
  fields({
    name: text,
    type: v.optional(oneOf(['validating', 'mutating']), 'validating'),
    /** Resources it intercepts on CREATE. */
    resources: v.optional(list(text), ['pods']),
    /** Only these namespaces (default all but kube-system). */
    namespaces: v.exactOptional(list(text)),
    /** Deny with this message. */
    deny: v.exactOptional(text),
    /** Only deny pods whose image matches this glob, e.g. "docker.io/*". */
    denyImages: v.exactOptional(text),
    /** The webhook's service does not answer. */
    unreachable: v.optional(bool, false),
    failurePolicy: v.optional(oneOf(['Fail', 'Ignore']), 'Fail'),
    /** Service the webhook calls (for the unreachable message), namespace/name; default from the name. */
    service: v.exactOptional(text),
  }),
  v.check((w) => w.deny !== undefined || w.unreachable, 'a webhook needs deny: MESSAGE or unreachable: true'),
  v.transform(({ service, ...w }) => {
    const base = w.name.split('.')[0] ?? w.name;
    return { ...w, service: service ?? `${base}-system/${base}` };
  }),
);

const storageClass = fields({
  name: text,
  provisioner: v.optional(text, 'ebs.csi.aws.com'),
  bindingMode: v.optional(oneOf(['Immediate', 'WaitForFirstConsumer']), 'WaitForFirstConsumer'),
  /** Default: the first class is the default one. */
  default: v.exactOptional(bool),
  /** Time the provisioner takes to create a volume. */
  provisionDelay: v.optional(duration, '3s'),
  /** The provisioner fails with this message (ProvisioningFailed). */
  provisionError: v.exactOptional(text),
  /** Zones it provisions in; a WaitForFirstConsumer volume lands in the chosen node's zone. */
  zones: v.exactOptional(list(text)),
});

const storageClassList = v.pipe(
  list(storageClass),
  v.transform((classes) =>
    classes.map(({ name, provisioner, bindingMode, default: isDefault, ...c }, i) => ({
      name,
      provisioner,
      bindingMode,
      default: isDefault ?? i === 0,
      ...c,
    })),
  ),
);

/** No storage classes: one default local-path class. */
const storageClasses = v.pipe(
  storageClassList,
  v.transform((classes) =>
    classes.length > 0
      ? classes
      : v.parse(storageClassList, [
          { name: 'standard', provisioner: 'rancher.io/local-path', provisionDelay: '2s' },
        ]),
  ),
);

const csiDriver = fields({
  name: text,
  /** Registered on nodes (false: "driver name X not found in the list of registered CSI drivers"). */
  registered: v.optional(bool, true),
  attachRequired: v.optional(bool, true),
  attachDelay: v.optional(duration, '2s'),
  mountDelay: v.optional(duration, '1s'),
  attachError: v.exactOptional(text),
  mountError: v.exactOptional(text),
});

const cni = fields({
  /** Plugin name as it appears in messages, e.g. calico. */
  plugin: v.optional(text, 'calico'),
  /** Delay of sandbox creation. */
  setupDelay: v.optional(duration, '500ms'),
  failure: v.exactOptional(
    fields({
      mode: v.optional(oneOf(['not-ready', 'error', 'unauthorized', 'ip-exhausted']), 'error'),
      message: v.exactOptional(text),
      /** Only on these nodes (default all). */
      nodes: v.exactOptional(list(text)),
    }),
  ),
});

/** RBAC rules; cluster-wide unless namespaces is given. */
const rule = fields({
  verbs: v.optional(list(text), []),
  resources: v.optional(list(text), []),
  apiGroups: v.optional(list(text), ['*']),
  namespaces: v.exactOptional(list(text)),
});

const user = v.pipe(
  fields({
    name: text,
    /** Default `<name>-token`. */
    token: v.exactOptional(text),
    groups: v.optional(list(text), []),
    rules: v.optional(list(rule), []),
  }),
  v.transform(({ name, token, ...u }) => ({ name, token: token ?? `${name}-token`, ...u })),
);

export const cluster = fields({
  /** Served at /version. */
  version: v.optional(text, 'v1.31.4'),
  nodes: v.optional(nodes, []),
  namespaces: v.optional(list(namespace), []),
  webhooks: v.optional(list(webhook), []),
  storageClasses: v.optional(storageClasses, []),
  csiDrivers: v.optional(list(csiDriver), []),
  cni: v.optional(cni, {}),
  registry: v.optional(registry, {}),
  users: v.optional(list(user), []),
});
