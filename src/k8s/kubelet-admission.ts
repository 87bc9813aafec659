/**
 * status.reason values the kubelet's admission handlers set when they reject a pod the
 * scheduler placed (pkg/kubelet/lifecycle/predicate.go and the sysctl, AppArmor, topology
 * and CPU manager admit handlers). OutOf<resource> is matched by pattern. NodeShutdown,
 * Evicted and Preempting are set by other parts of the kubelet.
 */
export const KUBELET_ADMISSION_REASONS = [
  'NodeAffinity',
  'NodeName',
  'NodePorts',
  'TaintToleration',
  'UnexpectedAdmissionError',
  'InvalidNodeInfo',
  'UnknownReason',
  'UnexpectedPredicateFailureType',
  'PodOSSelectorNodeLabelDoesNotMatch',
  'PodOSNotSupported',
  'VolumeAttachmentLimitExceeded',
  'SysctlForbidden',
  'AppArmor',
  'TopologyAffinityError',
  'SMTAlignmentError',
  // Before 1.18 the kubelet ran the scheduler's GeneralPredicates and kept their names.
  'PodFitsHostPorts',
  'MatchNodeSelector',
  'HostName',
  'PodToleratesNodeTaints',
  'CheckNodeCondition',
  'NodeOutOfDisk',
] as const;
