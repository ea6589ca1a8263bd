// The idempotency key of one attempt at a change (a release, a voucher, a new
// password): made once per press, and sent again unchanged by a double submit
// or a retry, so the server makes the change once.

export function newRequestId(): string {
  return crypto.randomUUID();
}
