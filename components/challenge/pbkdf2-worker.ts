// The ALTCHA solver for PBKDF2 challenges, bundled as a worker file of the
// portal's own origin, so the page's CSP needs `worker-src 'self'` only (the
// widget's default bundle builds its workers from blob: URLs).
import "altcha/workers/pbkdf2";
