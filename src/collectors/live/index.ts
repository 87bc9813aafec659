export { collectLive, type CollectLiveOptions, type LiveScope } from './collect.js';
export { loadConnection, type Connection, type LoadConnectionOptions } from './kubeconfig.js';
export type { HttpResponse, QueryParams, RequestOptions } from './http-request.js';
export type { TransportOptions } from './transport.js';
