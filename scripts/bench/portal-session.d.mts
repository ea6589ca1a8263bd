export interface SignInForm {
  /** The form's action attribute, as written. */
  action: string;
  /** Whether the form posts multipart/form-data (else urlencoded). */
  multipart: boolean;
  fields: Array<[string, string]>;
}
export function signInForm(html: string, method?: string): SignInForm;
export function signInFields(form: SignInForm, credentials: Record<string, string>): Array<[string, string]>;
export function signInHeaders(origin: string, form: { cookies: string[] }): Record<string, string>;
export function sessionCookies(status: number, setCookieLines: string[]): string[];
export function loadSignInForm(portalUrl: string): Promise<SignInForm & { url: string; cookies: string[] }>;
export function postSignIn(
  portalUrl: string,
  form: SignInForm & { url: string; cookies: string[] },
  credentials: Record<string, string>,
): Promise<string>;
export function signInToPortal(portalUrl: string, credentials: Record<string, string>): Promise<string>;
