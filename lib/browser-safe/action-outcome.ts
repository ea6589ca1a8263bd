// How an action the person took (a form sent, "Stay signed in") was answered:
// "session_ended" when it was refused because the session is over, else
// "answered". Every mutation announces its outcome (query-client.ts).
// On "session_ended" the portal's
// layout takes the person to sign-in and back to this page
// (session-end-warning.tsx), and form drafts first put back what the action
// had just sent (draft-keeper.ts), so a voucher code typed before the end is
// there again; on "answered" what was sent is done with.

export type ActionOutcome = "answered" | "session_ended";

const eventName = "portal:action-outcome";

export function announceActionOutcome(outcome: ActionOutcome): void {
  window.dispatchEvent(new CustomEvent<ActionOutcome>(eventName, { detail: outcome }));
}

/** Calls `listener` with each announced outcome; answers the function that stops it. */
export function onActionOutcome(listener: (outcome: ActionOutcome) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<ActionOutcome>).detail);
  window.addEventListener(eventName, handle);
  return () => window.removeEventListener(eventName, handle);
}
