/**
 * The API aggregator's word on an APIService's backing Service (kube-aggregator
 * pkg/controllers/status: the Available condition its available controller sets). Two of its
 * reasons say the Service has no endpoint the aggregator can use:
 *   MissingEndpoints   `endpoints for service/%s in %q have no addresses with port name %q`
 *                      (`endpointslices for service/...` since the controller reads EndpointSlices)
 *   EndpointsNotFound  `cannot find endpoints for service/%s in %q` (`cannot find endpointslices ...`)
 * Others (ServiceNotFound, ServicePortError, FailedDiscoveryCheck) are not about endpoints.
 */

export interface AggregatorEndpointsMessage {
  readonly reason: 'MissingEndpoints' | 'EndpointsNotFound';
  readonly service: string;
  readonly namespace: string;
  /** The Service port's name the aggregator looked for ("" for an unnamed port); MissingEndpoints only. */
  readonly portName?: string;
}

const NAME = '([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)';
/** The start of a MissingEndpoints message (the port name may be folded onto the next line). */
export const MISSING_ENDPOINTS_MESSAGE = new RegExp(
  `^(?:endpoints|endpointslices) for service/${NAME} in "${NAME}" have no addresses(?:\\s+with port name "([^"]*)")?`,
);
/** An EndpointsNotFound message. */
export const ENDPOINTS_NOT_FOUND_MESSAGE = new RegExp(
  `^cannot find (?:endpoints|endpointslices) for service/${NAME} in "${NAME}"`,
);

/** The Service an aggregator message names, or undefined when the message is no such message. */
export function aggregatorEndpointsMessage(message: string): AggregatorEndpointsMessage | undefined {
  const m = MISSING_ENDPOINTS_MESSAGE.exec(message);
  if (m?.[1] !== undefined && m[2] !== undefined) {
    return {
      reason: 'MissingEndpoints',
      service: m[1],
      namespace: m[2],
      ...(m[3] === undefined ? {} : { portName: m[3] }),
    };
  }
  const n = ENDPOINTS_NOT_FOUND_MESSAGE.exec(message);
  if (n?.[1] !== undefined && n[2] !== undefined)
    return { reason: 'EndpointsNotFound', service: n[1], namespace: n[2] };
  return undefined;
}
