import type { Controller } from '../types.js';
import { cronJobController } from './cronjob.js';
import { daemonSetController } from './daemonset.js';
import { deploymentController } from './deployment.js';
import { jobController } from './job.js';
import { replicaSetController } from './replicaset.js';
import { statefulSetController } from './statefulset.js';

export const WORKLOADS_CONTROLLERS: readonly Controller[] = [
  deploymentController,
  replicaSetController,
  statefulSetController,
  daemonSetController,
  jobController,
  cronJobController,
];
