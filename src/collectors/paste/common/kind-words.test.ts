import { describe, expect, it } from 'vitest';
import { kindOf, knownKind, splitKindName } from './kind-names.js';

describe('the kind of a resource name kubectl prints', () => {
  // Resource names as `kubectl api-resources`, `get all` and apiserver errors print them: plurals
  // in -ies, -es and -s, with and without their API group.
  it.each([
    ['networkpolicies', 'NetworkPolicy'],
    ['networkpolicies.networking.k8s.io', 'NetworkPolicy'],
    ['ingresses', 'Ingress'],
    ['ingresses.networking.k8s.io', 'Ingress'],
    ['storageclasses.storage.k8s.io', 'StorageClass'],
    ['endpointslices.discovery.k8s.io', 'EndpointSlice'],
    ['leases.coordination.k8s.io', 'Lease'],
    ['limitranges', 'LimitRange'],
    ['resourcequotas', 'ResourceQuota'],
    ['endpoints', 'Endpoints'],
    ['pods', 'Pod'],
    ['nodes', 'Node'],
    ['namespaces', 'Namespace'],
    ['services', 'Service'],
    ['secrets', 'Secret'],
    ['configmaps', 'ConfigMap'],
    ['serviceaccounts', 'ServiceAccount'],
    ['persistentvolumeclaims', 'PersistentVolumeClaim'],
    ['persistentvolumes', 'PersistentVolume'],
    ['replicationcontrollers', 'ReplicationController'],
    ['replicasets.apps', 'ReplicaSet'],
    ['deployments.apps', 'Deployment'],
    ['statefulsets.apps', 'StatefulSet'],
    ['daemonsets.apps', 'DaemonSet'],
    ['jobs.batch', 'Job'],
    ['cronjobs.batch', 'CronJob'],
    ['horizontalpodautoscalers.autoscaling', 'HorizontalPodAutoscaler'],
    ['poddisruptionbudgets.policy', 'PodDisruptionBudget'],
    ['volumeattachments.storage.k8s.io', 'VolumeAttachment'],
    ['csidrivers.storage.k8s.io', 'CSIDriver'],
    ['csinodes.storage.k8s.io', 'CSINode'],
    ['events.events.k8s.io', 'Event'],
    ['routes.route.openshift.io', 'Route'],
    ['deploymentconfigs.apps.openshift.io', 'DeploymentConfig'],
    ['buildconfigs.build.openshift.io', 'BuildConfig'],
    ['builds.build.openshift.io', 'Build'],
  ])('%s is %s', (word, kind) => {
    expect(kindOf(word)).toBe(kind);
    expect(knownKind(word)).toBe(kind);
  });

  // Every short name of `kubectl api-resources` the table has (and OpenShift's dc, bc).
  it.each([
    ['po', 'Pod'],
    ['no', 'Node'],
    ['rs', 'ReplicaSet'],
    ['deploy', 'Deployment'],
    ['sts', 'StatefulSet'],
    ['ds', 'DaemonSet'],
    ['cj', 'CronJob'],
    ['svc', 'Service'],
    ['ep', 'Endpoints'],
    ['pvc', 'PersistentVolumeClaim'],
    ['pv', 'PersistentVolume'],
    ['sc', 'StorageClass'],
    ['ns', 'Namespace'],
    ['cm', 'ConfigMap'],
    ['sa', 'ServiceAccount'],
    ['rc', 'ReplicationController'],
    ['hpa', 'HorizontalPodAutoscaler'],
    ['pdb', 'PodDisruptionBudget'],
    ['ing', 'Ingress'],
    ['netpol', 'NetworkPolicy'],
    ['quota', 'ResourceQuota'],
    ['limits', 'LimitRange'],
    ['ev', 'Event'],
    ['dc', 'DeploymentConfig'],
    ['bc', 'BuildConfig'],
  ])('short name %s is %s', (word, kind) => {
    expect(kindOf(word)).toBe(kind);
    expect(knownKind(word)).toBe(kind);
  });

  it.each([
    [' pods', 'Pod'],
    ['pods ', 'Pod'],
    ['\tsvc', 'Service'],
    ['ReplicaSet\r', 'ReplicaSet'],
    ['  deployments.apps  ', 'Deployment'],
  ])('%j: whitespace around the word is no part of it', (word, kind) => {
    expect(kindOf(word)).toBe(kind);
    expect(knownKind(word)).toBe(kind);
  });
});

describe('words that are no kind kubectl has', () => {
  // Custom resources and other words keep their spelling, first letter capitalised, group cut off.
  it.each([
    ['rollout', 'Rollout'],
    ['rollouts.argoproj.io', 'Rollouts'],
    ['certificates.cert-manager.io', 'Certificates'],
    ['policies.kyverno.io', 'Policies'],
    ['Certificate', 'Certificate'],
    ['x', 'X'],
    [' rollout ', 'Rollout'],
    // one letter past a kind is no plural of it
    ['leased', 'Leased'],
    ['routed', 'Routed'],
    ['nodex', 'Nodex'],
    // field names of -o yaml that start with a kind
    ['podIP', 'PodIP'],
    ['nodeIP', 'NodeIP'],
    ['nodeName', 'NodeName'],
  ])('%j reads as %s, and is not known', (word, kind) => {
    expect(kindOf(word)).toBe(kind);
    expect(knownKind(word)).toBeUndefined();
  });

  it.each(['', '   ', '.io', '.apps'])('%j has no kind', (word) => {
    expect(kindOf(word)).toBe('');
    expect(knownKind(word)).toBeUndefined();
  });
});

describe('kind/name as `get all` and the OBJECT column of `get events` print it', () => {
  it.each([
    ['replicaset/web-7d4', { kind: 'ReplicaSet', name: 'web-7d4' }],
    ['deployment.apps/web', { kind: 'Deployment', name: 'web' }],
    ['pod/web-1', { kind: 'Pod', name: 'web-1' }],
    ['rollout/web', { kind: 'Rollout', name: 'web' }],
    ['po/w', { kind: 'Pod', name: 'w' }],
    ['p/x', { kind: 'P', name: 'x' }],
  ])('%s', (text, split) => {
    expect(splitKindName(text)).toStrictEqual(split);
  });

  it.each(['web-1', '/web-1', 'pod/', '/', '', 'p/'])('%j is no kind/name', (text) => {
    expect(splitKindName(text)).toBeUndefined();
  });
});
