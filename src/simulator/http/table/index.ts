/**
 * meta.k8s.io/v1 Table responses (kubectl's server-side printing). Cells are computed from
 * the object as served; includeObject decides what each row carries (Metadata by default).
 */
import type { KObject } from '../../world/types.js';
import {
  cronJobPrinter,
  daemonSetPrinter,
  deploymentPrinter,
  jobPrinter,
  replicaSetPrinter,
  statefulSetPrinter,
} from './apps.js';
import {
  configMapPrinter,
  endpointSlicePrinter,
  endpointsPrinter,
  limitRangePrinter,
  namespacePrinter,
  nodePrinter,
  resourceQuotaPrinter,
  secretPrinter,
  serviceAccountPrinter,
  servicePrinter,
} from './core.js';
import { eventPrinter } from './events.js';
import { text } from './json.js';
import { podPrinter } from './pods.js';
import { pvPrinter, pvcPrinter, storageClassPrinter } from './storage.js';
import { NAME, col, type Printer } from './types.js';

const PRINTERS: Readonly<Record<string, Printer>> = {
  pods: podPrinter,
  nodes: nodePrinter,
  namespaces: namespacePrinter,
  services: servicePrinter,
  endpoints: endpointsPrinter,
  endpointslices: endpointSlicePrinter,
  events: eventPrinter,
  configmaps: configMapPrinter,
  secrets: secretPrinter,
  serviceaccounts: serviceAccountPrinter,
  resourcequotas: resourceQuotaPrinter,
  limitranges: limitRangePrinter,
  persistentvolumeclaims: pvcPrinter,
  persistentvolumes: pvPrinter,
  storageclasses: storageClassPrinter,
  deployments: deploymentPrinter,
  replicasets: replicaSetPrinter,
  statefulsets: statefulSetPrinter,
  daemonsets: daemonSetPrinter,
  jobs: jobPrinter,
  cronjobs: cronJobPrinter,
};

/** The apiserver's default table convertor, for kinds without a printer. */
const DEFAULT_PRINTER: Printer = {
  columns: [
    NAME,
    col(
      'Created At',
      0,
      'date',
      '',
      'CreationTimestamp is a timestamp representing the server time when this object was created.',
    ),
  ],
  row: (o) => [text(o, 'metadata.name'), text(o, 'metadata.creationTimestamp')],
};

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function printerFor(resource: string): Printer {
  return PRINTERS[resource] ?? DEFAULT_PRINTER;
}

function rowObject(obj: KObject, include: IncludeObject): KObject | undefined {
  if (include === 'None') return undefined;
  if (include === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

export interface TableOptions {
  readonly resource: string;
  readonly now: number;
  readonly include: IncludeObject;
  readonly withColumns: boolean;
  readonly resourceVersion?: string;
  readonly continueToken?: string;
  readonly remainingItemCount?: number;
}

export function toTable(objects: readonly KObject[], opts: TableOptions): KObject {
  const printer = printerFor(opts.resource);
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: {
      ...(opts.resourceVersion === undefined ? {} : { resourceVersion: opts.resourceVersion }),
      ...(opts.continueToken === undefined ? {} : { continue: opts.continueToken }),
      ...(opts.remainingItemCount === undefined ? {} : { remainingItemCount: opts.remainingItemCount }),
    } as KObject['metadata'],
    columnDefinitions: opts.withColumns ? printer.columns : null,
    rows: objects.map((obj) => {
      const object = rowObject(obj, opts.include);
      return { cells: printer.row(obj, opts.now), ...(object === undefined ? {} : { object }) };
    }),
  };
}

/** `Accept: application/json;as=Table;v=v1;g=meta.k8s.io` (v1beta1 is accepted the same way). */
export function wantsTable(accept: string | undefined): 'v1' | 'v1beta1' | undefined {
  if (accept === undefined) return undefined;
  for (const part of accept.split(',')) {
    const params = part.split(';').map((p) => p.trim());
    if (!params.includes('as=Table') || !params.includes('g=meta.k8s.io')) continue;
    if (params.includes('v=v1')) return 'v1';
    if (params.includes('v=v1beta1')) return 'v1beta1';
  }
  return undefined;
}
