/**
 * Bearer-token authentication and RBAC authorization. Denials carry the apiserver's exact
 * text (`pods "web" is forbidden: User "dev" cannot get resource "pods" in API group "" in
 * the namespace "shop"`), because users and the rule engine both read it.
 */
import type { UserSpec } from '../scenario/types.js';
import { status, type StatusObj } from './status.js';
import { ADMIN, ADMIN_TOKEN, type AttributesRecord, type UserInfo } from './types.js';

/** Groups that RBAC's bootstrap policy lets do everything. */
const SUPERUSER_GROUPS = ['system:masters', 'system:serviceaccounts:kube-system'];

export function authenticator(users: readonly UserSpec[]): (token: string) => UserInfo | undefined {
  const byToken = new Map<string, UserInfo>();
  for (const u of users)
    byToken.set(u.token, {
      name: u.name,
      groups: [...u.groups.filter((g) => g !== 'system:authenticated'), 'system:authenticated'],
    });
  return (token) => (token === ADMIN_TOKEN ? ADMIN : byToken.get(token));
}

type Rule = UserSpec['rules'][number];

/** RBAC's ResourceMatches: `*`, `pods`, `pods/log`, `pods/*`, and a wildcard resource with a named subresource. */
function resourceMatches(rule: Rule, resource: string, subresource: string | undefined): boolean {
  const full = subresource === undefined || subresource === '' ? resource : `${resource}/${subresource}`;
  return rule.resources.some((r) => {
    if (r === '*' || r === full) return true;
    if (subresource === undefined || subresource === '') return false;
    return r === `${resource}/*` || r === `*/${subresource}`;
  });
}

function ruleAllows(rule: Rule, attrs: AttributesRecord): boolean {
  if (!rule.verbs.includes('*') && !rule.verbs.includes(attrs.verb)) return false;
  if (!rule.apiGroups.includes('*') && !rule.apiGroups.includes(attrs.resource.group)) return false;
  if (!resourceMatches(rule, attrs.resource.resource, attrs.subresource)) return false;
  // A namespaced grant (a RoleBinding) covers requests in those namespaces only, never the
  // cluster scope (`kubectl get pods -A` needs a ClusterRoleBinding).
  if (rule.namespaces !== undefined)
    return attrs.namespace !== undefined && rule.namespaces.includes(attrs.namespace);
  return true;
}

/** forbiddenMessage + NewForbidden from the apiserver's authorization filter. */
export function rbacForbidden(attrs: AttributesRecord): StatusObj {
  const { resource, subresource, namespace, name, user, verb } = attrs;
  const shown =
    subresource === undefined || subresource === ''
      ? resource.resource
      : `${resource.resource}/${subresource}`;
  const scope =
    namespace === undefined || namespace === '' ? 'at the cluster scope' : `in the namespace "${namespace}"`;
  const why = `User "${user.name}" cannot ${verb} resource "${shown}" in API group "${resource.group}" ${scope}`;
  const qualified = resource.group === '' ? resource.resource : `${resource.resource}.${resource.group}`;
  const subject = name === undefined || name === '' ? qualified : `${qualified} "${name}"`;
  return status(403, 'Forbidden', `${subject} is forbidden: ${why}`, {
    ...(name === undefined || name === '' ? {} : { name }),
    ...(resource.group === '' ? {} : { group: resource.group }),
    kind: resource.resource,
  });
}

export function authorizer(users: readonly UserSpec[]): (attrs: AttributesRecord) => StatusObj | undefined {
  const rulesByUser = new Map(users.map((u) => [u.name, u.rules]));
  return (attrs) => {
    if (attrs.user.groups.some((g) => SUPERUSER_GROUPS.includes(g))) return undefined;
    const rules = rulesByUser.get(attrs.user.name) ?? [];
    return rules.some((r) => ruleAllows(r, attrs)) ? undefined : rbacForbidden(attrs);
  };
}
