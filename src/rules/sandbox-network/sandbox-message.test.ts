import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifySandboxMessage, isSandboxFailureEvent, shorten } from './sandbox-message.js';

const calicoUnauthorized =
  'Failed to create pod sandbox: rpc error: code = Unknown desc = [failed to set up sandbox container "3dcfdb21462e" network for pod "pod-with-cm": networkPlugin cni failed to set up pod "pod-with-cm_default" network: error getting ClusterInformation: connection is unauthorized: Unauthorized, failed to clean up sandbox container "3dcfdb21462e" network for pod "pod-with-cm": networkPlugin cni failed to teardown pod "pod-with-cm_default" network: error getting ClusterInformation: connection is unauthorized: Unauthorized]';

describe('classifySandboxMessage', () => {
  it('CNI credentials rejected (real case 092)', () => {
    expect(classifySandboxMessage(calicoUnauthorized)).toEqual({
      kind: 'cniUnauthorized',
      plugin: 'calico',
      detail: 'error getting ClusterInformation: connection is unauthorized: Unauthorized',
    });
    expect(
      classifySandboxMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab12": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
      ),
    ).toMatchObject({ kind: 'cniUnauthorized', plugin: 'calico' });
  });

  it('IP exhaustion across plugins', () => {
    const cases = [
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f": plugin type="bridge" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254',
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to set up sandbox container "9f" network for pod "web": networkPlugin cni failed to set up pod "web_default" network: add cmd: failed to assign an IP address to container',
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f": plugin type="azure-vnet" failed (add): Failed to allocate address: No available addresses',
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f": plugin type="cilium-cni" failed (add): unable to allocate IP via local cilium agent: [POST /ipam][502] postIpamFailure  range is full',
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f": plugin type="azure-vnet" failed (add): IPAM Invoker Add failed with error: Failed to get IP address from CNS with error: %w: AllocateIPConfig failed: not enough IPs available for 4c5d, waiting on Azure CNS to allocate more with NC Status: , IP config request is [IPConfigRequest: DesiredIPAddress , PodInterfaceID 4c5d-eth0, InfraContainerID 4c5d]',
    ];
    for (const m of cases) expect(classifySandboxMessage(m).kind, m).toBe('ipExhausted');
    expect(classifySandboxMessage(cases[0] ?? '')).toMatchObject({
      plugin: 'bridge',
      detail:
        'failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254',
    });
  });

  it('other CNI failures', () => {
    expect(
      classifySandboxMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f": plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory',
      ),
    ).toEqual({
      kind: 'cni',
      plugin: 'flannel',
      detail: 'loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory',
    });
    expect(
      classifySandboxMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = NetworkPlugin cni failed to set up pod "x_default" network: dial tcp 10.96.0.1:443: i/o timeout',
      ),
    ).toMatchObject({
      kind: 'cni',
      plugin: 'cni',
    });
  });

  it('sandbox (pause) image', () => {
    expect(
      classifySandboxMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/pause:3.9": failed to pull image "registry.k8s.io/pause:3.9": failed to pull and unpack image: i/o timeout',
      ),
    ).toMatchObject({ kind: 'sandboxImage', image: 'registry.k8s.io/pause:3.9' });
    expect(
      classifySandboxMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = failed pulling image "k8s.gcr.io/pause:3.2": Error response from daemon: Get https://k8s.gcr.io/v2/: net/http: request canceled',
      ),
    ).toMatchObject({
      kind: 'sandboxImage',
      image: 'k8s.gcr.io/pause:3.2',
    });
    expect(
      classifySandboxMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = error creating pod sandbox with name "k8s_x": initializing source docker://registry.k8s.io/pause:3.6: pinging container registry registry.k8s.io: no such host',
      ),
    ).toMatchObject({ kind: 'sandboxImage', image: 'registry.k8s.io/pause:3.6' });
  });

  it('network not ready and other runtime errors', () => {
    expect(
      classifySandboxMessage(
        'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
      ),
    ).toMatchObject({
      kind: 'networkNotReady',
      detail: 'Network plugin returns error: cni plugin not initialized',
    });
    expect(
      classifySandboxMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to reserve sandbox name "web_default_1": name is reserved',
      ),
    ).toMatchObject({
      kind: 'other',
      detail: 'failed to reserve sandbox name "web_default_1": name is reserved',
    });
    expect(classifySandboxMessage('')).toEqual({ kind: 'other', detail: 'no detail' });
  });

  it('recognises old FailedSync sandbox failures only', () => {
    expect(isSandboxFailureEvent('FailedSync', 'error determining status: rpc error')).toBe(false);
    expect(
      isSandboxFailureEvent(
        'FailedSync',
        'failed to "CreatePodSandbox" for "web_default(uid)" with CreatePodSandboxError: "..."',
      ),
    ).toBe(true);
    expect(isSandboxFailureEvent('FailedCreatePodSandBox', '')).toBe(true);
    expect(
      isSandboxFailureEvent('', 'Failed to create pod sandbox: rpc error: code = Unknown desc = x'),
    ).toBe(true);
    expect(isSandboxFailureEvent('', 'Back-off pulling image')).toBe(false);
  });

  it('the infra container "POD" of kubelets before the CRI is the sandbox', () => {
    const dockertools =
      'Error syncing pod, skipping: failed to "StartContainer" for "POD" with ErrImagePull: "image pull failed for gcr.io/google_containers/pause:2.0, this may be because there are no credentials on this request.  details: (API error (500): Get https://gcr.io/v1/_ping: dial tcp 173.194.72.82:443: i/o timeout\\n)"';
    expect(isSandboxFailureEvent('FailedSync', dockertools)).toBe(true);
    expect(classifySandboxMessage(dockertools)).toMatchObject({
      kind: 'sandboxImage',
      image: 'gcr.io/google_containers/pause:2.0',
    });
    // An app container's pull failure in the same words is no sandbox failure.
    expect(isSandboxFailureEvent('FailedSync', dockertools.replace('"POD"', '"web"'))).toBe(false);
  });

  it('never throws on arbitrary text', () => {
    const pieces = fc.constantFrom(
      'Failed to create pod sandbox: ',
      'plugin type="',
      '" failed (add): ',
      'network: ',
      'desc = ',
      'failed to get sandbox image "',
      'pause',
      'Unauthorized',
      'message:',
      '\\"',
      'docker://',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 10 })), { maxLength: 30 }),
        fc.oneof(fc.string(), fc.constant('FailedCreatePodSandBox')),
        (parts, reason) => {
          const m = parts.join('');
          const c = classifySandboxMessage(m);
          expect(c.detail.length).toBeLessThanOrEqual(240);
          if (reason === 'FailedCreatePodSandBox') expect(isSandboxFailureEvent(reason, m)).toBe(true);
          const short = shorten(m);
          expect(short.length).toBeLessThanOrEqual(240);
          expect(short).not.toMatch(/\s{2}|\n/);
          expect(short).toBe(short.trim());
          if (m.length <= 200 && !/\s/.test(m) && !/^\[|\]$/.test(m)) expect(short).toBe(m);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (m) => {
        const c = classifySandboxMessage(m);
        expect(c.detail.length).toBeLessThanOrEqual(240);
        expect(c.detail).not.toMatch(/\s{2}/);
      }),
    );
  });
});

describe('the infra container "POD" of kubelets before the CRI', () => {
  it.each([
    [
      'a tag missing from its repository',
      'Error syncing pod, skipping: failed to "StartContainer" for "POD" with ErrImagePull: "Tag v1.2.0-rc1-13-g2e62fab not found in repository docker.io/openshift/origin-pod"',
      'docker.io/openshift/origin-pod',
    ],
    [
      'its pull backing off',
      'failed to "StartContainer" for "POD" with ImagePullBackOff: "Back-off pulling image \\"gcr.io/google_containers/pause:2.0\\""',
      'gcr.io/google_containers/pause:2.0',
    ],
  ])('%s: the sandbox image', (_, message, image) => {
    expect(classifySandboxMessage(message)).toMatchObject({ kind: 'sandboxImage', image });
  });

  it("an app container's pull is no sandbox image", () => {
    expect(
      classifySandboxMessage('failed to "StartContainer" for "app" with ErrImagePull: "x"').kind,
    ).not.toBe('sandboxImage');
  });
});
