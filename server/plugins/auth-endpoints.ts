/**
 * The better-auth endpoints the product uses, under /api/auth: everything else better-auth offers
 * (sessions listing and revoking, account unlinking, user deletion, its own e-mail verification and
 * change, token endpoints, update-user ...) answers 404, so an upgrade that adds an endpoint adds
 * nothing reachable until it is listed here (and in the matrix, server/routes/auth-access-matrix.test.ts).
 * `:name` stands for one path segment.
 */
export const AUTH_ENDPOINTS = [
  // The sign-up and sign-in overlays (web/features/auth).
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-out',
  // Forgot password, and the new-password form the e-mailed link opens.
  'POST /request-password-reset',
  'POST /reset-password',
  // Settings: change password.
  'POST /change-password',
  // Social sign-in and linking (merge accounts), and the providers' return. Our providers (Google,
  // Facebook, OpenID Connect) come back with GET; the POST form (form_post) is closed: no provider uses it.
  'POST /sign-in/social',
  'POST /link-social',
  'GET /callback/:id',
] as const;

const PATTERNS = AUTH_ENDPOINTS.map((endpoint) => {
  const [method, path] = endpoint.split(' ') as [string, string];
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, pattern: new RegExp(`^${source}$`) };
});

/** Whether `method path` (the path under /api/auth, as sent) is one of the endpoints the product uses. */
export function isOpenAuthEndpoint(method: string, path: string): boolean {
  return PATTERNS.some((endpoint) => endpoint.method === method && endpoint.pattern.test(path));
}
