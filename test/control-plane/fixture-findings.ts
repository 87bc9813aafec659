/**
 * What parity.test.ts expects when it loads the golden fixtures into a real kube-apiserver
 * (v1.37.2): FIXTURE_FINDINGS, per fixture, each field or object the server refused or stamped
 * itself and what the loader did (MISMATCHES.md, "Fixture assumptions the real API server
 * rejects"); LIVE_DIFFERENCES, the fixtures whose live diagnosis differs from the file one because
 * of such a finding, with the reason. What the loader does in place of a component that does not
 * run here (Findings marked standIn: Nodes, the not-ready taint, EndpointSlices) is not listed.
 */
export const FIXTURE_FINDINGS: Readonly<Record<string, readonly string[]>> = {
  'crash/crashloop-cluster-info-dump': [
    'logs: 2 container log tail(s) → not loadable: the API server serves pods/log from the kubelet, and no kubelet runs',
    'Pod/kube-system/coredns-bvxpkt2gpg-hk79d: spec.serviceAccountName coredns, with no ServiceAccount coredns in the fixture → the ServiceAccount admission plugin refuses a pod whose ServiceAccount does not exist; the loader created it',
    'Service/shop/orders-api: spec.clusterIPs ["10.96.201.17"] → create refused: Invalid value: ["10.96.201.17"]: failed to allocate IP 10.96.201.17: the provided network does not match the current range',
    'Service/kube-system/kube-dns: spec.clusterIPs ["10.96.0.10"] → create refused: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: the provided network does not match the current range',
  ],
  'crash/job-exit-non-zero': [
    'Pod/batch/reindex-products-bf7nv: status.qosClass "Guaranteed" → status refused: Invalid value: "Guaranteed": field is immutable',
  ],
  'crash/oomkilled-crashloop': [
    'logs: 1 container log tail(s) → not loadable: the API server serves pods/log from the kubelet, and no kubelet runs',
  ],
  'init-containers/job-succeeded-with-init': [
    'CronJob/batch/nightly-export: spec.jobTemplate.spec.template.spec.containers undefined → create refused: Required value',
    'CronJob/batch/nightly-export: spec.jobTemplate.spec.template.spec.restartPolicy undefined → create refused: Required value: valid values: "OnFailure", "Never"',
    'CronJob/batch/nightly-export: the object → not loaded: HTTP 422: CronJob.batch "nightly-export" is invalid: [spec.jobTemplate.spec.template.spec.containers: Required value, spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"]',
  ],
  'init-containers/wait-for-db-stuck': [
    'logs: 1 container log tail(s) → not loadable: the API server serves pods/log from the kubelet, and no kubelet runs',
  ],
  'liveness/liveness-probe-wrong-port': [
    'events: 8 events.k8s.io/v1 event(s) with eventTime null and deprecatedFirstTimestamp/deprecatedLastTimestamp/deprecatedCount/deprecatedSource set (core/v1 events read through events.k8s.io/v1) → events.k8s.io/v1 refuses to create them: Event "inventory-qsskfb6r7d-9kqd7.189da26935219910" is invalid: [eventTime: Required value, firstTimestamp: Invalid value: "": needs to be unset, lastTimestamp: Invalid value: "": needs to be unset, count: Invalid value: "": needs to be unset, source: Invalid value: "": needs to be unset]; loaded through core/v1 (involvedObject, message, count, firstTimestamp, lastTimestamp, source from regarding, note and the deprecated* fields)',
  ],
  'scheduling/node-selector-mismatch': [
    'events: 2 events.k8s.io/v1 event(s) with eventTime null and deprecatedFirstTimestamp/deprecatedLastTimestamp/deprecatedCount/deprecatedSource set (core/v1 events read through events.k8s.io/v1) → events.k8s.io/v1 refuses to create them: Event "trainer.189daa13bcab9a4e" is invalid: [eventTime: Required value, firstTimestamp: Invalid value: "": needs to be unset, lastTimestamp: Invalid value: "": needs to be unset, count: Invalid value: "": needs to be unset, source: Invalid value: "": needs to be unset]; loaded through core/v1 (involvedObject, message, count, firstTimestamp, lastTimestamp, source from regarding, note and the deprecated* fields)',
  ],
  'service-endpoints/healthy-deployment-three-pods': [
    'Service/shop/frontend: spec.clusterIPs ["10.96.77.140"] → create refused: Invalid value: ["10.96.77.140"]: failed to allocate IP 10.96.77.140: the provided network does not match the current range',
  ],
  'service-endpoints/selector-matches-no-pods': [
    'Service/shop/web: spec.clusterIPs ["10.96.148.201"] → create refused: Invalid value: ["10.96.148.201"]: failed to allocate IP 10.96.148.201: the provided network does not match the current range',
  ],
  'termination/finalizer-blocking': [
    'Pod/shop/billing-bq4jlwd74d-zwcmq: metadata.deletionTimestamp 2026-03-17T10:02:03Z → the API server sets it on delete, to the time of the request plus the grace period (0 s): the loader deleted the object (held by a finalizer), so its deletion is seconds old, not as old as in the fixture',
  ],
  'termination/node-gone-statefulset': [
    'Pod/data/kafka-1: metadata.deletionTimestamp 2026-03-17T14:16:46Z → the API server sets it on delete, to the time of the request plus the grace period (60 s): the loader deleted the object (held by a finalizer), so its deletion is seconds old, not as old as in the fixture',
  ],
};

export interface LiveDifference {
  readonly why: string;
  /** `handoff -f` on the fixture: kind/namespace/name verdict stage reason, sorted. */
  readonly file: readonly string[];
  /** `handoff -A` on the loaded fixture. */
  readonly live: readonly string[];
}

/**
 * The API server stamps metadata.creationTimestamp and metadata.deletionTimestamp with its own
 * clock. The loader moves the fixture's times to the present, so both read as seconds before the
 * reference time: a grace period the fixture had long passed has not passed live.
 */
export const LIVE_DIFFERENCES: Readonly<Record<string, LiveDifference>> = {
  'service-endpoints/selector-matches-no-pods': {
    why: 'Service shop/web was created 31 min before the reference time in the fixture; the API server stamps creationTimestamp at the create, seconds before it, inside the 30 s grace of SelectorMatchesNoPods',
    file: [
      'Pod/shop/web-cvslmg6q7b-qj8j7 healthy null null',
      'Pod/shop/web-cvslmg6q7b-zvhw9 healthy null null',
      'Service/shop/web failed service-endpoints SelectorMatchesNoPods',
    ],
    live: [
      'Pod/shop/web-cvslmg6q7b-qj8j7 healthy null null',
      'Pod/shop/web-cvslmg6q7b-zvhw9 healthy null null',
      'Service/shop/web progressing service-endpoints SelectorMatchesNoPods',
    ],
  },
  'termination/finalizer-blocking': {
    why: 'the pod was deleted at 10:02:03 in the fixture; the API server stamps deletionTimestamp at the DELETE the loader sends, seconds before the reference time, inside the 30 s grace of FinalizerBlocking',
    file: [
      'Pod/shop/billing-bq4jlwd74d-x9ztz healthy null null',
      'Pod/shop/billing-bq4jlwd74d-zwcmq failed termination FinalizerBlocking',
    ],
    live: [
      'Pod/shop/billing-bq4jlwd74d-x9ztz healthy null null',
      'Pod/shop/billing-bq4jlwd74d-zwcmq progressing termination FinalizerBlocking',
    ],
  },
  'termination/node-gone-statefulset': {
    why: "kafka-1 was deleted 40 min before the reference time in the fixture (deletionTimestamp 14:16:46, grace 60 s); the API server stamps the DELETE time plus 60 s, after the reference time, so NodeGone is still in its grace and the node stage (NodeNotReady from the taint manager's DisruptionTarget) is the first failure",
    file: [
      'Pod/data/kafka-0 healthy null null',
      'Pod/data/kafka-1 failed termination NodeGone',
      'Pod/data/kafka-2 healthy null null',
    ],
    live: [
      'Pod/data/kafka-0 healthy null null',
      'Pod/data/kafka-1 failed node NodeNotReady',
      'Pod/data/kafka-2 healthy null null',
    ],
  },
};
