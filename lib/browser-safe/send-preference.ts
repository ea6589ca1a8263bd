/**
 * Sends a language or theme switch's form (with the button pressed) in the
 * background, then calls `then` whatever the answer: the caller renders the
 * page again in place (`router.refresh()`), as a server action would, so
 * there is no reload, what was typed stays and the focus stays where it was.
 * The route's redirect (back to the page, for a post without a script) is
 * not followed.
 */
export function sendPreference(form: HTMLFormElement, pressed: HTMLElement | null, then: () => void): void {
  void fetch(form.action, {
    method: "POST",
    body: new URLSearchParams(new FormData(form, pressed) as unknown as string[][]),
    redirect: "manual",
  }).then(then, then);
}
