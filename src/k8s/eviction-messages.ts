/**
 * The kubelet's eviction messages for a pod over its own ephemeral-storage limits
 * (pkg/kubelet/eviction/helpers.go: podEphemeralStorageMessageFmt "Pod ephemeral local storage
 * usage exceeds the total limit of containers %s. ", containerEphemeralStorageMessageFmt
 * "Container %s exceeded its local ephemeral storage limit %q. ", emptyDirMessageFmt "Usage of
 * EmptyDir volume %q exceeds the limit %q. "), as opposed to a node under pressure ("The node was
 * low on resource: %v. ").
 */
export const EPHEMERAL_LIMIT_EVICTION =
  /^(?:Pod ephemeral local storage usage exceeds the total limit of containers \S|Container \S+ exceeded its local ephemeral storage limit "|Usage of EmptyDir volume "[^"]*" exceeds the limit ")/;
