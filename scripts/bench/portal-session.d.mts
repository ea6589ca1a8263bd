export function signInFormFields(html: string, method?: string): Array<[string, string]>;
export function loadSignInForm(portalUrl: string): Promise<{ fields: Array<[string, string]>; cookies: string[] }>;
export function postSignIn(
  portalUrl: string,
  form: { fields: Array<[string, string]>; cookies: string[] },
  credentials: Record<string, string>,
): Promise<string>;
export function signInToPortal(portalUrl: string, credentials: Record<string, string>): Promise<string>;
