export interface SignInState {
  method: "pin" | "password";
  /** Kept so the user name survives a failed attempt; never the PIN or password. */
  username?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
  /** The next attempt needs a solved challenge (components/challenge/). */
  challenge?: boolean;
}
