/**
 * `kubectl describe pvc` pasted alone, the claim Pending and its provisioning failing: the pod it
 * lists under `Used By` stopped at scheduling on that claim (UnboundPVC), with the claim's events as
 * the cause. Without a `Used By` pod there is nothing to judge (no target), as before.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');
const describePvc = (usedBy: string) => `$ kubectl describe pvc data-db-0 -n shop
Name:          data-db-0
Namespace:     shop
StorageClass:  gp3
Status:        Pending
Volume:
Labels:        app=db
Annotations:   volume.beta.kubernetes.io/storage-provisioner: ebs.csi.aws.com
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:
Access Modes:
VolumeMode:    Filesystem
Used By:       ${usedBy}
Events:
  Type     Reason                Age                 From                                                  Message
  ----     ------                ----                ----                                                  -------
  Normal   ExternalProvisioning  2m (x142 over 37m)  persistentvolume-controller                           waiting for a volume to be created, either by external provisioner "ebs.csi.aws.com" or manually created by system administrator
  Warning  ProvisioningFailed    2m (x12 over 37m)   ebs.csi.aws.com_ebs-csi-controller-7d9f6c5b4-x2x9z    failed to provision volume with StorageClass "gp3": rpc error: code = Internal desc = could not create volume in EC2: UnauthorizedOperation: You are not authorized to perform this operation.
`;

describe('a claim pasted alone', () => {
  it('its Used By pod: failed at scheduling, UnboundPVC, the provisioning error quoted', () => {
    const { diagnoses } = diagnosePaste(describePvc('db-0'), CLOCK);
    expect(diagnoses.map((d) => [d.target.name, d.verdict, d.stage, d.reason])).toEqual([
      ['db-0', 'failed', 'scheduling', 'UnboundPVC'],
    ]);
    expect(diagnoses[0]?.summary).toContain('UnauthorizedOperation');
  });

  it('no Used By pod: no target', () => {
    expect(diagnosePaste(describePvc('<none>'), CLOCK).diagnoses).toEqual([]);
  });
});
