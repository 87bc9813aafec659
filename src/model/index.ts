export * from './stages.js';
export type * from './kube.js';
export { POD_TEMPLATE_KINDS, WORKLOAD_KINDS } from './kube.js';
export * from './snapshot.js';
export * from './diagnosis.js';
export * from './state-kinds.js';
export * from './placeholders.js';
export * from './paste-annotations.js';
