export { collectLive, liveCollector, type CollectLiveOptions, type LiveScope } from './collect.js';
export { loadConnection, type Connection, type LoadConnectionOptions } from './kubeconfig.js';
export type { HttpResponse, QueryParams, RequestOptions } from './http-request.js';
export type { TransportOptions } from './transport.js';
export { probePods, type ProbeOptions, type ProbeRun } from './probe.js';
export {
  startWatch,
  watchLive,
  watchTimingFor,
  type LiveWatch,
  type LiveWatchOptions,
  type WatchLiveOptions,
} from './watch.js';
export type { BackoffOptions, LinkState } from './watch-link.js';
export type { StreamOptions, StreamResponse } from './stream.js';
export {
  collectClusterState,
  RUNNING_PODS_SELECTOR,
  type ClusterStateOptions,
  type StateObjects,
} from './cluster-state.js';
export { dryRunCreates, dryRunPath, readAnswer, type DryRunAnswer, type DryRunRequest } from './dry-run.js';
