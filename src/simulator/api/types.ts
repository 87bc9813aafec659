/** The API server's request vocabulary, shared by admission plugins, RBAC and the HTTP layer. */
import type { KObject } from '../world/types.js';
import type { StatusObj } from './status.js';
import type { ResourceInfo } from '../world/resources.js';

export interface UserInfo {
  readonly name: string;
  readonly groups: readonly string[];
}

/** The cluster admin scenario objects are applied as, unless they say otherwise. */
export const ADMIN: UserInfo = {
  name: 'kubernetes-admin',
  groups: ['system:masters', 'system:authenticated'],
};

/** Controllers act as their service accounts, as kube-controller-manager does. */
export const controllerUser = (name: string): UserInfo => ({
  name: `system:serviceaccount:kube-system:${name}`,
  groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
});

export const ADMIN_TOKEN = 'kube-handoff-sim-admin';

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface AttributesRecord {
  readonly user: UserInfo;
  readonly verb: Verb;
  readonly resource: ResourceInfo;
  readonly subresource?: string;
  readonly namespace?: string;
  readonly name?: string;
}

export interface AdmissionRequest {
  readonly operation: 'CREATE' | 'UPDATE' | 'DELETE';
  readonly user: UserInfo;
  readonly resource: ResourceInfo;
  /** Mutating plugins change it in place. */
  readonly object: KObject;
  readonly oldObject?: KObject;
  readonly dryRun: boolean;
  /**
   * The generateName prefix while the name is not yet generated: the real API server runs
   * mutating admission before the registry generates the name, so a mutating plugin's denial
   * names the prefix (`pods "build-4711-" is forbidden: …`).
   */
  readonly unnamedAs?: string;
}

/** One admission step: returns a Status to deny, or undefined to let the request through. */
export interface AdmissionPlugin {
  readonly name: string;
  readonly phase: 'mutating' | 'validating';
  admit(request: AdmissionRequest): StatusObj | undefined;
}

export type ApiResult<T extends KObject = KObject> =
  { readonly ok: true; readonly object: T } | { readonly ok: false; readonly status: StatusObj };
