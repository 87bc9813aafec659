/**
 * Vitest global setup of `npm run test:cluster`: starts the control plane once, hands its
 * connection facts to the test files (`inject('controlPlane')`), and stops it after the last file,
 * whether the tests passed or not.
 */
import type { TestProject } from 'vitest/node';
import { startControlPlane, type ControlPlaneInfo } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    controlPlane: ControlPlaneInfo;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cp = await startControlPlane();
  const info: ControlPlaneInfo = {
    version: cp.version,
    dir: cp.dir,
    server: cp.server,
    adminKubeconfig: cp.adminKubeconfig,
    readerKubeconfig: cp.readerKubeconfig,
    readerUser: cp.readerUser,
    auditLog: cp.auditLog,
    caFile: cp.caFile,
    adminCertFile: cp.adminCertFile,
    adminKeyFile: cp.adminKeyFile,
    closedPort: cp.closedPort,
    logs: cp.logs,
  };
  project.provide('controlPlane', info);
  return () => cp.stop();
}
