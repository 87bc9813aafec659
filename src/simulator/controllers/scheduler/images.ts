/** Image references as the container runtime names them. */

/** docker.io/library/nginx:latest for "nginx", so pod and node image names compare. */
export function normalizeImage(image: string): string {
  let ref = image;
  const slash = ref.indexOf('/');
  const first = slash < 0 ? '' : ref.slice(0, slash);
  if (slash < 0) ref = `docker.io/library/${ref}`;
  else if (!first.includes('.') && !first.includes(':') && first !== 'localhost') ref = `docker.io/${ref}`;
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  if (!last.includes(':') && !ref.includes('@')) ref += ':latest';
  return ref;
}
