/**
 * Names the collectors give to objects the evidence does not name (an event row pasted without
 * its object, a pod fragment without metadata.name): `unnamed-<kind>` for an object, `unnamed` for
 * a container. They keep the pieces of one paste together and say in the output that the name was
 * not given; they are never real names, so a command that needs one says a word in capitals the
 * user fills in instead (POD, CONTAINER), as kubectl's own help does.
 */
export const UNNAMED_CONTAINER = 'unnamed';

/** The name for an object of `kind` the evidence does not name: unnamed-pod, unnamed-job. */
export function unnamedName(kind: string): string {
  return `unnamed-${kind.toLowerCase()}`;
}

/** `unnamed-pod`, and the names that tell several apart (`unnamed-pod-on-<node>`, `-using-<claim>`, `-of-<workload>`). */
const UNNAMED = /^unnamed-([a-z]+)(?:-(?:on|using|of)-\S+)?$/;

/** Whether `name` is one the collectors made up (an object's or a container's). */
export function isUnnamed(name: string): boolean {
  return name === UNNAMED_CONTAINER || UNNAMED.test(name);
}

/** The word a command says for a made-up name: unnamed-pod -> POD, unnamed -> CONTAINER. */
export function placeholderWord(name: string): string | undefined {
  if (name === UNNAMED_CONTAINER) return 'CONTAINER';
  return UNNAMED.exec(name)?.[1]?.toUpperCase();
}
