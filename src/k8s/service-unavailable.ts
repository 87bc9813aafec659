/**
 * Other components' word that a Service has no endpoint to send traffic to, as each prints it:
 *   the API server's service proxy (pkg/registry/core/service/storage: ResourceLocation returns
 *     `NewServiceUnavailable(fmt.Sprintf("no endpoints available for service %q", name))`; kubectl
 *     prints `Error from server (ServiceUnavailable): no endpoints available for service "web"`);
 *   the ingress-nginx controller (internal/ingress/controller: `Service %q does not have any active
 *     Endpoint.` with the key ns/name; before 0.10 `service %v does not have any active endpoints`);
 *   `minikube service` (`service not available: no running pod for service %s found`, its
 *     SVC_UNREACHABLE exit).
 * Each reads the Service's endpoints (minikube its Running selected pods) and finds none, which is
 * what the API aggregator's MissingEndpoints says of an APIService's Service (aggregator.ts).
 */

/** Who said it. */
export type NoEndpointsSpeaker = 'API server' | 'ingress-nginx controller' | 'minikube';

export interface ServiceUnavailableMessage {
  readonly speaker: NoEndpointsSpeaker;
  readonly service: string;
  readonly namespace?: string;
}

const NAME = '[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?';
const PROXY = `no endpoints available for service "(?:(${NAME})"/")?(${NAME})"`;
const NGINX = `[Ss]ervice "?(?:(${NAME})/)?(${NAME})"? does not have any active [Ee]ndpoints?\\b`;
const MINIKUBE = `service not available: no running pod for service (${NAME}) found`;

/** The start of any of them (for finding them in a line). */
export const SERVICE_UNAVAILABLE_MESSAGE = new RegExp(`^(?:${PROXY}|${NGINX}|${MINIKUBE})`);

const PROXY_RE = new RegExp(`^${PROXY}`);
const NGINX_RE = new RegExp(`^${NGINX}`);
const MINIKUBE_RE = new RegExp(`^${MINIKUBE}`);

/** The Service such a message names, and who said it; undefined for any other text. */
export function serviceUnavailableMessage(message: string): ServiceUnavailableMessage | undefined {
  const said = (
    speaker: NoEndpointsSpeaker,
    service: string | undefined,
    namespace: string | undefined,
  ): ServiceUnavailableMessage | undefined =>
    service === undefined
      ? undefined
      : { speaker, service, ...(namespace === undefined ? {} : { namespace }) };
  const proxy = PROXY_RE.exec(message);
  if (proxy !== null) return said('API server', proxy[2], proxy[1]);
  const nginx = NGINX_RE.exec(message);
  if (nginx !== null) return said('ingress-nginx controller', nginx[2], nginx[1]);
  const minikube = MINIKUBE_RE.exec(message);
  if (minikube !== null) return said('minikube', minikube[1], undefined);
  return undefined;
}
