/** Printers of apps/v1 and batch/v1 workloads (printers.go). */
import { humanDuration, parseTime } from '../../../k8s/index.js';
import { formatLabelSelector, formatLabels, list, num, pick, record, text } from './json.js';
import { since } from './since.js';
import { AGE, NAME, col, type Printer } from './types.js';

const age = (o: unknown, now: number): string => since(text(o, 'metadata.creationTimestamp'), now);
const name = (o: unknown): string => text(o, 'metadata.name');
const containers = (o: unknown, path = 'spec.template.spec.containers'): [string, string] => {
  const cs = list(o, path);
  return [cs.map((c) => text(c, 'name')).join(','), cs.map((c) => text(c, 'image')).join(',')];
};
const CONTAINERS = col('Containers', 1, 'string', '', 'Names of each container in the template.');
const IMAGES = col('Images', 1, 'string', '', 'Images referenced by each container in the template.');
const SELECTOR = col('Selector', 1, 'string', '', 'The label selector for the workload.');
const int = (name: string, description: string, priority = 0) =>
  col(name, priority, 'integer', '', description);

export const deploymentPrinter: Printer = {
  columns: [
    NAME,
    col('Ready', 0, 'string', '', 'Number of the pod with ready state'),
    int(
      'Up-to-date',
      'Total number of non-terminated pods targeted by this deployment that have the desired template spec.',
    ),
    int(
      'Available',
      'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.',
    ),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  row: (o, now) => [
    name(o),
    `${num(o, 'status.readyReplicas')}/${pick(o, 'spec.replicas') === undefined ? 1 : num(o, 'spec.replicas')}`,
    num(o, 'status.updatedReplicas'),
    num(o, 'status.availableReplicas'),
    age(o, now),
    ...containers(o),
    formatLabelSelector(pick(o, 'spec.selector')),
  ],
};

export const replicaSetPrinter: Printer = {
  columns: [
    NAME,
    int('Desired', 'Number of desired pods.'),
    int('Current', 'Number of actual pods.'),
    int('Ready', 'The number of ready replicas for this replica set.'),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  row: (o, now) => [
    name(o),
    pick(o, 'spec.replicas') === undefined ? 1 : num(o, 'spec.replicas'),
    num(o, 'status.replicas'),
    num(o, 'status.readyReplicas'),
    age(o, now),
    ...containers(o),
    formatLabelSelector(pick(o, 'spec.selector')),
  ],
};

export const statefulSetPrinter: Printer = {
  columns: [
    NAME,
    col('Ready', 0, 'string', '', 'Number of the pod with ready state'),
    AGE,
    CONTAINERS,
    IMAGES,
  ],
  row: (o, now) => [
    name(o),
    `${num(o, 'status.readyReplicas')}/${pick(o, 'spec.replicas') === undefined ? 1 : num(o, 'spec.replicas')}`,
    age(o, now),
    ...containers(o),
  ],
};

export const daemonSetPrinter: Printer = {
  columns: [
    NAME,
    int('Desired', 'The total number of nodes that should be running the daemon pod.'),
    int(
      'Current',
      'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.',
    ),
    int(
      'Ready',
      'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and ready.',
    ),
    int('Up-to-date', 'The total number of nodes that are running updated daemon pod'),
    int(
      'Available',
      'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available.',
    ),
    col(
      'Node Selector',
      0,
      'string',
      '',
      'NodeSelector is a selector which must be true for the pod to fit on a node.',
    ),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  row: (o, now) => [
    name(o),
    num(o, 'status.desiredNumberScheduled'),
    num(o, 'status.currentNumberScheduled'),
    num(o, 'status.numberReady'),
    num(o, 'status.updatedNumberScheduled'),
    num(o, 'status.numberAvailable'),
    formatLabels(record(o, 'spec.template.spec.nodeSelector')),
    age(o, now),
    ...containers(o),
    formatLabelSelector(pick(o, 'spec.selector')),
  ],
};

function jobStatus(o: unknown): string {
  const conditions = list(o, 'status.conditions').filter((c) => text(c, 'status') === 'True');
  const has = (type: string): boolean => conditions.some((c) => text(c, 'type') === type);
  if (has('Failed')) return 'Failed';
  if (has('Complete')) return 'Complete';
  if (has('FailureTarget')) return 'FailureTarget';
  if (has('SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  if (pick(o, 'spec.suspend') === true || has('Suspended')) return 'Suspended';
  if (pick(o, 'metadata.deletionTimestamp') !== undefined) return 'Terminating';
  return 'Running';
}

export const jobPrinter: Printer = {
  columns: [
    NAME,
    col('Status', 0, 'string', '', 'Status of the job.'),
    col('Completions', 0, 'string', '', 'The completion status of the job.'),
    col('Duration', 0, 'string', '', 'Time required to complete the job.'),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  row: (o, now) => {
    const completions = pick(o, 'spec.completions');
    const parallelism = pick(o, 'spec.parallelism');
    const completionText =
      typeof completions === 'number'
        ? `${num(o, 'status.succeeded')}/${completions}`
        : `${num(o, 'status.succeeded')}/1 of ${typeof parallelism === 'number' ? parallelism : 1}`;
    const start = parseTime(text(o, 'status.startTime'));
    const end = parseTime(text(o, 'status.completionTime'));
    const duration = start === undefined ? '' : humanDuration((end ?? now) - start);
    return [
      name(o),
      jobStatus(o),
      completionText,
      duration,
      age(o, now),
      ...containers(o),
      formatLabelSelector(pick(o, 'spec.selector')),
    ];
  },
};

export const cronJobPrinter: Printer = {
  columns: [
    NAME,
    col('Schedule', 0, 'string', '', 'The schedule in Cron format.'),
    col('Timezone', 0, 'string', '', 'The time zone for the given schedule.'),
    col('Suspend', 0, 'boolean', '', 'This flag tells the controller to suspend subsequent executions.'),
    int('Active', 'A list of pointers to currently running jobs.'),
    col(
      'Last Schedule',
      0,
      'string',
      '',
      'Information when was the last time the job was successfully scheduled.',
    ),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  row: (o, now) => {
    const last = text(o, 'status.lastScheduleTime');
    const [names, images] = containers(o, 'spec.jobTemplate.spec.template.spec.containers');
    return [
      name(o),
      text(o, 'spec.schedule'),
      text(o, 'spec.timeZone') || '<none>',
      pick(o, 'spec.suspend') === true,
      list(o, 'status.active').length,
      last === '' ? '<none>' : since(last, now),
      age(o, now),
      names,
      images,
      formatLabelSelector(pick(o, 'spec.jobTemplate.spec.selector')),
    ];
  },
};
