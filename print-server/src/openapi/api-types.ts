// Generated from print-server/openapi/openapi.yaml by `npm run gen:api -w print-server`; do not edit.
// Route handlers take their request and answer types from here (src/openapi/operation-types.ts).

export interface paths {
  "/auth/token": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Issue an access token (all four grants) */
    post: operations["createToken"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a refresh token and its whole chain (RFC 7009) [ours]
     * @description Client authentication as at the token endpoint. A refresh token ends
     *     together with every token rotated from the same sign-in. An unknown
     *     token, or an access token (short-lived, not revocable), answers 200 as
     *     well (RFC 7009 section 2.2), so the answer tells nothing about it.
     *     `token_type_hint` is accepted and ignored.
     */
    post: operations["revokeToken"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/server/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Answers 1 when the server is up */
    get: operations["getServerStatus"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/certificates/ca": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The certificate authority that signed the server certificate (PEM) */
    get: operations["getCaCertificate"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/server/config": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** General server information */
    get: operations["getServerConfig"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/users/find": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Find users by user name or alias, email, card or code (MyQ's list; no match is an empty list) */
    get: operations["findUser"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/users/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One user; a user token may read only its own record */
    get: operations["getUser"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * [ours: body and rules] Change one's own profile, as the server's settings allow
     * @description A user token changes its own user only (another user's id is 404). `lang` may
     *     always change; `fullname` and `email` only while `selfService.profileEditing`
     *     of `GET /v3/server/config` is on. Any other field, or a field the settings do
     *     not allow, is refused as a whole with 403 `{"error":"not_allowed","field":…}`
     *     (nothing changes). A field not sent is left as it is. Answers the user as stored.
     */
    patch: operations["updateUser"];
    trace?: never;
  };
  "/v3/users/{id}/accounts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's accounts (credit and quota) */
    get: operations["getUserAccounts"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/users/{id}/accounts/{reference}/balance": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Balance of one account (currency units for credit, pages for quota) */
    get: operations["getAccountBalance"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v2/users/{id}/pins": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * [MyQ] A new PIN for the user, shown once
     * @description A client token only (MyQ): a portal must pin `id` to the signed-in user itself.
     *     The PIN has `selfService.pinChange.length` digits (`GET /v3/server/config`), is
     *     unique across users and never steps by a constant (1111, 1234, 9876, 2468).
     *     `deleteOld: true` retires the user's other PINs at once; without it they keep
     *     working. When users may not change their PIN (`selfService.pinChange.allowed`
     *     false) the answer is 403 `{"error":"not_allowed"}` [ours]. The answer carries
     *     `Cache-Control: no-store`; the PIN is never logged or stored in clear.
     *     Every refresh token of the user is revoked (all chains, every client) [ours]:
     *     a session opened with a guessed PIN does not outlive the new one.
     */
    post: operations["createUserPin"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/users/{id}/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * [ours] Change one's own password (local accounts)
     * @description A user token changes its own password only (another user's id is 404).
     *     Checked in this order: an account from a directory answers 409
     *     `{"error":"managed_externally"}` (its password is changed there); a
     *     `newPassword` that breaks `selfService.passwordRules` of `GET /v3/server/config`
     *     answers 400 `{"error":"invalid_request","field":"newPassword","rule":…}`; a wrong
     *     `currentPassword` answers 400 `invalid_grant` and counts as a failed sign-in of
     *     that user (5 in 15 minutes, then 429 with `Retry-After`, for sign-in too). The new
     *     password must also differ from the current one (rule `notCurrent`) and from the
     *     user name (rule `notUsername`). 204 when changed; every refresh token of the
     *     user is then revoked (all chains, every client) [ours].
     */
    post: operations["changePassword"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/users/{id}/activity": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * [path MyQ, shape ours] The credit statement, newest first
     * @description The lines of the user's credit account: prints (negative), recharges, refunds and
     *     adjustments (an opening balance is an adjustment), each with the signed `amount`
     *     and the account's `balance` right after it. The newest line's `balance` is the
     *     balance of `GET /v3/users/{id}/accounts/{reference}/balance`; `balance` is always
     *     the true running balance, also in a filtered or paged list. A user token reads its
     *     own statement only (another user's id is 404); a client token any user's. A user
     *     without a credit account has an empty statement.
     */
    get: operations["getUserActivity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/reports": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reports this token may run */
    get: operations["listReports"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/reports/executions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a report execution (runs in the background) */
    post: operations["createReportExecution"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/reports/executions/{executionId}/download": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The file of an execution; 202 while running, 410 when failed or purged */
    get: operations["downloadReportExecution"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/jobs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The user's own jobs in one state, newest first
     * @description `state` filters the list: `ready` (the default: held, waiting for release), `paused`,
     *     `processing`, `printed` (kept for reprint), `deleted`, or `favorite` (favourites whatever
     *     their state, except deleted). Any other value answers an empty list, as MyQ answers an
     *     unknown filter value. Paging with `limit` and `start`; `count` is the total that matched.
     */
    get: operations["listJobs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Mark or unmark several jobs as favourites at once
     * @description All or nothing: when one job is not the user's (404) or is deleted (409 job_not_ready),
     *     none changes. Unmarking a favourite starts its retention time again from now.
     *     Answers the jobs changed.
     */
    patch: operations["changeJobs"];
    trace?: never;
  };
  "/v3/jobs/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete (cancel) several jobs at once
     * @description The body is the list of job ids. All or nothing: when one job is not the user's (404)
     *     or is printing right now (409 job_not_ready), none is deleted. A job already deleted
     *     stays deleted (sending the same request again changes nothing). A printed job that is
     *     deleted leaves the reprint list; the reports still count its print.
     */
    post: operations["deleteJobs"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/jobs/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the user's jobs (another user's is 404) */
    get: operations["getJob"];
    put?: never;
    post?: never;
    /**
     * Delete (cancel) one job
     * @description A job already deleted stays deleted (204 again); a job printing right now answers
     *     409 job_not_ready.
     */
    delete: operations["deleteJob"];
    options?: never;
    head?: never;
    /**
     * Mark or unmark a job as a favourite
     * @description Only `favorite` and `projectId` change here; copies, two-sided and colour change only at
     *     release (`releaseOptions`). This server has no projects: `projectId` may only be 0 or
     *     null (no project). A deleted job answers 409 job_not_ready. Unmarking a favourite
     *     starts its retention time again from now.
     */
    patch: operations["changeJob"];
    trace?: never;
  };
  "/v3/jobs/{id}/state": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The state of one of the user's jobs */
    get: operations["getJobState"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/printers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Printers, by name (client tokens only, as in MyQ)
     * @description Filters, all optional and combined: `status` (`active`: enabled by an administrator;
     *     `local`: every printer of this server; `offline`; `withIssue`), `name` (part of the
     *     name, any case) and `group` (a group's name, any case). An unknown value answers an
     *     empty list. A printer can print now when its `state` is `active` and its `mode` is
     *     `online`. The answer carries network details: a portal passes on only name, location
     *     and whether it can print.
     */
    get: operations["listPrinters"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/printers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One printer (client tokens only) */
    get: operations["getPrinter"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/printers/{id}/printAll": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The user's jobs that a "print all" at this printer would release
     * @description The user's ready jobs, oldest first (the order they print in), at most 500; `moreJobs`
     *     says there are more (release these, then ask again). `counters` holds one number:
     *     how many ready jobs the user has in all [ours; MyQ's meaning is not public]. This
     *     server has no projects: `projectId` is 0 and `projectSelected` false.
     */
    get: operations["getPrintAll"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/printers/{id}/jobs/release": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Release the user's jobs at this printer (prints in the background)
     * @description Answers 202 at once; each job then moves `processing` -> `printed` (poll
     *     `GET /v3/jobs/{id}/state`). The printer prints the jobs one after another, taking
     *     longer the more pages. A job is charged when it prints (credit falls by its cost, one
     *     statement line per charge; quota pages rise).
     *
     *     Refusals, each before anything changes: a job that is not the user's: 404; a printer
     *     that is offline, has an issue or is disabled: 409 printer_unavailable; a job that is
     *     not `ready` (or `printed`, which reprints it and charges again): 409 job_not_ready
     *     (a job already printing is refused, so the same release sent twice at once prints and
     *     charges once); not enough credit (or quota pages) for the whole release: 402
     *     insufficient_credit. Credit held by jobs still printing counts as spent.
     *
     *     `account`: the reference of the user's account that pays; null or absent: the user's
     *     credit account when credit is on, nothing when accounting is off. A quota account pays
     *     in pages. `releaseOptions` apply to every job of the release; 0 keeps what the job
     *     was sent with. A colour job at a mono printer prints (and costs) mono; two-sided
     *     at a one-sided printer prints one-sided.
     */
    post: operations["releaseJobs"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/rechargeProviders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The enabled recharge providers (ours are external and voucher) */
    get: operations["listRechargeProviders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/rechargeProviders/{provider}/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This application's payments through the provider, newest first */
    get: operations["listPayments"];
    put?: never;
    /**
     * Create a recharge (changes no balance until committed)
     * @description Client token with the "Manage payments" right (`clients add --manage-payments`);
     *     without it 403 `not_allowed`. Provider input goes in `params`: `external`
     *     takes `{amount}` (money taken elsewhere), `voucher` takes `{code}` (spaces,
     *     dashes and case do not matter). A wrong voucher code counts toward the
     *     user's limit (5 in 15 minutes, then 429 with `Retry-After`, even for a
     *     right code). A created payment neither committed nor rolled back expires
     *     at `expires` and changes nothing.
     */
    post: operations["createPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/rechargeProviders/{provider}/payments/{paymentId}/commit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Commit a created payment; the user's credit rises by its amount (once, however often sent)
     * @description No body, an empty body or `{}` (labelled `application/json` or not).
     *     A second commit answers the same and changes nothing. A payment rolled
     *     back or expired answers 409 `payment_closed`.
     */
    post: operations["commitPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v3/rechargeProviders/{provider}/payments/{paymentId}/rollback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Roll back a created payment (a voucher becomes usable again); a second rollback changes nothing */
    post: operations["rollbackPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/{lang}/auth": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign-in page of the authorization_code grant (web root, not /api) */
    get: operations["showSignInPage"];
    put?: never;
    /** Sign in on the page; success redirects to redirect_uri with code and state, Cancel with error=access_denied */
    post: operations["submitSignInPage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Error: {
      /** @description Machine-readable code: unauthorized (no token), invalid_token, insufficient_scope, invalid_token_type, invalid_request, not_found, gone, payload_too_large, too_many_requests, insufficient_credit, job_not_ready, printer_unavailable, server_error; not_allowed and managed_externally (self-service); payments: not_allowed (no "Manage payments" right), invalid_voucher, voucher_used, voucher_expired, payment_closed */
      error: string;
      error_description: string;
      /** @description The scope that was needed (only with insufficient_scope) */
      scope?: string;
      /** @description [ours] The request field that was refused (not_allowed; invalid_request of a password rule) */
      field?: string;
      /**
       * @description [ours] The password rule that newPassword breaks (see PasswordRules)
       * @enum {string}
       */
      rule?: "minLength" | "maxLength" | "requireLetter" | "requireDigit" | "notCurrent" | "notUsername";
    };
    TokenError: {
      /** @enum {string} */
      error:
        | "invalid_request"
        | "invalid_client"
        | "invalid_grant"
        | "invalid_scope"
        | "unsupported_grant_type"
        | "too_many_requests";
      error_description: string;
    };
    /** @enum {string} */
    GrantType: "client_credentials" | "login_info" | "refresh_token" | "authorization_code";
    /** @description Scope names separated by single spaces */
    Scope: string;
    ClientId: string;
    ClientSecret: string;
    /** @description Sign-in data: 1 card, 2 PIN, 3 user name and password, 4 card and PIN, 5 card and password */
    LoginInfo:
      | components["schemas"]["LoginInfoCard"]
      | components["schemas"]["LoginInfoPin"]
      | components["schemas"]["LoginInfoPassword"]
      | components["schemas"]["LoginInfoCardPin"]
      | components["schemas"]["LoginInfoCardPassword"];
    LoginInfoCard: {
      /** @constant */
      type: 1;
      card: string;
    };
    LoginInfoPin: {
      /** @constant */
      type: 2;
      pin: string;
    };
    LoginInfoPassword: {
      /** @constant */
      type: 3;
      user: string;
      pwd: string;
    };
    LoginInfoCardPin: {
      /** @constant */
      type: 4;
      card: string;
      pin: string;
    };
    LoginInfoCardPassword: {
      /** @constant */
      type: 5;
      card: string;
      pwd: string;
    };
    TokenRequestClientCredentials: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      grant_type: "client_credentials";
      scope: components["schemas"]["Scope"];
      client_id?: components["schemas"]["ClientId"];
      client_secret?: components["schemas"]["ClientSecret"];
    };
    TokenRequestLoginInfo: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      grant_type: "login_info";
      scope: components["schemas"]["Scope"];
      client_id?: components["schemas"]["ClientId"];
      client_secret?: components["schemas"]["ClientSecret"];
      login_info: components["schemas"]["LoginInfo"];
    };
    TokenRequestRefreshToken: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      grant_type: "refresh_token";
      refresh_token: string;
      scope?: components["schemas"]["Scope"];
      client_id?: components["schemas"]["ClientId"];
      client_secret?: components["schemas"]["ClientSecret"];
    };
    TokenRevocationRequest: {
      token: string;
      token_type_hint?: string;
      client_id?: components["schemas"]["ClientId"];
      client_secret?: components["schemas"]["ClientSecret"];
    };
    TokenRequestAuthorizationCode: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      grant_type: "authorization_code";
      code: string;
      redirect_uri: string;
      /** @description PKCE (RFC 7636): required when the code was asked for with a code_challenge, refused otherwise */
      code_verifier?: string;
      client_id?: components["schemas"]["ClientId"];
      client_secret?: components["schemas"]["ClientSecret"];
    };
    /** @description Client authentication is client_id + client_secret in the body or HTTP Basic. */
    TokenRequest:
      | components["schemas"]["TokenRequestClientCredentials"]
      | components["schemas"]["TokenRequestLoginInfo"]
      | components["schemas"]["TokenRequestRefreshToken"]
      | components["schemas"]["TokenRequestAuthorizationCode"];
    /**
     * @description The form-encoded (RFC 6749) token request: the same fields as TokenRequest,
     *     with `login_info` sent as a JSON string.
     */
    TokenRequestForm: {
      grant_type: string;
      scope?: string;
      client_id?: string;
      client_secret?: string;
      /** @description The LoginInfo object as JSON */
      login_info?: string;
      refresh_token?: string;
      code?: string;
      redirect_uri?: string;
      code_verifier?: string;
    };
    TokenResponse: {
      access_token: string;
      /** @constant */
      token_type: "Bearer";
      expires_in: number;
      scope: string;
      refresh_token?: string;
    };
    SignInForm: {
      client_id: string;
      redirect_uri: string;
      scope: string;
      state?: string;
      theme?: string;
      code_challenge?: string;
      code_challenge_method?: string;
      /**
       * @description `cancel`: the person declines; back to the client with `error=access_denied`
       * @enum {string}
       */
      method: "pin" | "password" | "cancel";
      pin?: string;
      /** @description User name or alias; `pin` needs it too: the PIN must belong to that user [ours] */
      username?: string;
      password?: string;
    };
    ServerConfig: {
      /** @description Language tag, e.g. "en" */
      language: string;
      /** @description ISO 4217 code, e.g. "EUR" */
      currency: string;
      printingMethods: string[];
      jobFormats: string[];
      accountingMode: string;
      credit: components["schemas"]["Enabled"];
      quota: components["schemas"]["Enabled"];
      selfService: components["schemas"]["SelfServiceSettings"];
    };
    /**
     * @description [ours] What users may change themselves, so a portal can show only what may change
     *     and the rules before anyone types. MyQ keeps these as server settings but documents
     *     no REST answer for them: a portal treats them as assumptions with fallbacks.
     */
    SelfServiceSettings: {
      pinChange: {
        /** @description Users may get a new PIN (POST /v2/users/{id}/pins); when false that answers 403 not_allowed */
        allowed: boolean;
        /** @description Digits of a new PIN (MyQ's default 6) */
        length: number;
      };
      /** @description MyQ's "profile editing": users may change their `fullname` and `email` (PATCH /v3/users/{id}); `lang` they may always change */
      profileEditing: boolean;
      passwordRules: components["schemas"]["PasswordRules"];
    };
    /**
     * @description [ours] What a new password must meet (POST /v3/users/{id}/password). Lengths count
     *     characters (Unicode code points). Always, too: it differs from the current password
     *     and from the user name (rules notCurrent, notUsername).
     */
    PasswordRules: {
      minLength: number;
      maxLength: number;
      /** @description At least one letter (any alphabet) */
      requireLetter: boolean;
      /** @description At least one digit 0-9 */
      requireDigit: boolean;
    };
    Enabled: {
      enabled: boolean;
    };
    User: {
      id: number;
      username: string;
      fullname: string;
      email: string | null;
      /** @description Personal number of the user (not the PIN) */
      code: string | null;
      lang: string;
      phone: string | null;
      notes: string | null;
      /** @description [MyQ] Where the account is synchronised from; empty for a local account. Ours: "LDAP" for an account from a directory, whose password cannot be changed here (POST /v3/users/{id}/password answers 409 managed_externally) */
      syncSource: string;
      /** @description [ours] Whether a user name and password sign the person in (a PIN-only person has none). A portal asks such a person for the password before a new PIN. */
      hasPassword?: boolean;
      aliases?: string[];
      accounts?: components["schemas"]["Account"][];
    };
    UserList: {
      users: components["schemas"]["User"][];
      /** @description How many users matched (all pages) */
      count: number;
    };
    /**
     * @description MyQ's account: a user's own credit is the account whose reference is
     *     `internalaccount`, its balance `limits.price`. Ours: `type` is credit or quota.
     */
    Account: {
      name: string;
      reference: string;
      /** @enum {string} */
      type: "credit" | "quota";
      limits: components["schemas"]["AccountLimits"];
      groupId: number | null;
      /** @description The enabled providers that top this account up (credit only) */
      rechargeProviders?: components["schemas"]["AccountRechargeProvider"][];
    };
    /**
     * @description MyQ's limits: `price` is a credit account's balance (currency units; 0 for
     *     quota); `total`, `color`, `mono`, `scan` are a quota's page limits (null
     *     where not limited); `denyAccess` is 1 when printing stops at the limit.
     *     Ours adds a quota's `period` and a credit account's `minimumBalance`.
     */
    AccountLimits: {
      price: number | null;
      total: number | null;
      color: number | null;
      mono: number | null;
      scan: number | null;
      denyAccess: number | null;
      /** @enum {string} */
      period?: "day" | "week" | "month" | "year";
      minimumBalance?: number;
    };
    AccountRechargeProvider: {
      name: string;
      reference: string;
    };
    AccountsResponse: {
      credit: components["schemas"]["Enabled"];
      quota: components["schemas"]["Enabled"];
      accounts: components["schemas"]["Account"][];
    };
    Balance: {
      /** @description Currency units for a credit account, remaining pages for a quota account */
      amount: number;
    };
    /** @enum {string} */
    ReportFormat: "pdf" | "csv" | "xml" | "xlsx" | "ods";
    Report: {
      id: number;
      name: string;
      /** @description Comma-separated, lower case, e.g. "pdf,csv,xml,xlsx,ods" */
      formats: string;
    };
    ReportList: {
      reports: components["schemas"]["Report"][];
      count: number;
    };
    ExecutionRequest: {
      id: number;
      format: components["schemas"]["ReportFormat"];
    };
    ExecutionResponse: {
      executionId: number;
    };
    ExecutionRunning: {
      /** @constant */
      state: "running";
    };
    RechargeProvider: {
      name: string;
      reference: string;
      description: string;
      /** @description MyQ: the provider's parameters (ours: always empty) */
      params: unknown[];
    };
    RechargeProviderList: {
      providers: components["schemas"]["RechargeProvider"][];
      count: number;
    };
    PaymentRequest: {
      userId: number;
      description?: string;
      /** @description `external`: `{amount}` in currency units (at most 10000, whole cents); `voucher`: `{code}` */
      params: {
        amount?: number;
        code?: string;
      };
    };
    /** @description Nothing (an empty body counts as none) */
    EmptyBody: Record<string, never>;
    /** @enum {string} */
    PaymentState: "created" | "committed" | "rolledback" | "expired";
    CreatedPayment: {
      id: string;
      userId: number;
      amount: number;
      description: string;
      params: {
        amount: number;
      };
      /** @constant */
      state: "created";
      /** Format: date-time */
      expires: string;
    };
    CommittedPayment: {
      id: string;
      userId: number;
      amount: number;
      /** @constant */
      state: "committed";
      /** @description The user's credit (internalaccount) after the payment */
      balance: number;
    };
    RolledBackPayment: {
      id: string;
      userId: number;
      amount: number;
      /** @constant */
      state: "rolledback";
    };
    Payment: {
      id: string;
      userId: number;
      amount: number;
      currency: string;
      state: components["schemas"]["PaymentState"];
      /** Format: date-time */
      created: string;
      /** Format: date-time */
      updated: string;
      /**
       * Format: date-time
       * @description When a created payment expires; null once it is closed
       */
      expires: string | null;
      paymentNo: string;
      provider: string;
      description: string;
    };
    PaymentList: {
      payments: components["schemas"]["Payment"][];
      count: number;
    };
    PinRequest: {
      /**
       * @description Retire the user's other PINs, so only the new one signs in
       * @default false
       */
      deleteOld: boolean;
    };
    PinResponse: {
      pin: string;
    };
    /**
     * @description [ours] The fields to change. Other fields are not an error of form but of rights:
     *     403 not_allowed with `field`.
     */
    ProfileUpdate: {
      /** @description Leading and trailing spaces are dropped; not blank, no control characters */
      fullname?: string;
      /** Format: email */
      email?: string;
      /** @description Language tag, e.g. "en", "de", "cs" */
      lang?: string;
    };
    PasswordChange: {
      currentPassword: string;
      newPassword: string;
    };
    DateOrDateTime: string;
    /** @enum {string} */
    ActivityType: "print" | "recharge" | "refund" | "adjustment";
    /** @description One line of the credit statement [ours] */
    Activity: {
      id: number;
      /**
       * Format: date-time
       * @description When it happened (UTC, e.g. "2026-05-01T08:14:05Z")
       */
      dateTime: string;
      type: components["schemas"]["ActivityType"];
      /** @description Signed, in currency units (a print is negative) */
      amount: number;
      /** @description The credit balance right after this line, in currency units */
      balance: number;
      /** @description The recharge provider's reference (`voucher`, `external`); recharges only */
      provider?: string;
      /** @description What happened: the printed job's name for a print, else what the line says ("Voucher …", "Refund: …", "Opening balance") */
      description: string;
      /** @description The job of a print (or of a refund for one) */
      jobId?: number;
    };
    ActivityList: {
      activity: components["schemas"]["Activity"][];
      /** @description How many lines matched the filters (all pages) */
      count: number;
    };
    /** @description An amount in the server's currency units (e.g. 1.68), never cents or a string */
    Money: number;
    /**
     * @description ready: held, waiting for release; paused: held and not releasable; processing: being
     *     printed; printed: printed, kept for reprint; deleted: deleted by its user or after its
     *     retention time [ours; MyQ names only processing]
     * @enum {string}
     */
    JobState: "ready" | "paused" | "processing" | "printed" | "deleted";
    /**
     * @description A print job in MyQ's shape; `state` and `expiresAt` are ours (a real MyQ X sends neither,
     *     so a client must work without them).
     */
    Job: {
      id: number;
      name: string;
      /**
       * Format: date
       * @description The day it was sent (UTC)
       */
      date: string;
      /**
       * Format: date-time
       * @description When it was sent
       */
      dateTime: string;
      favorite: boolean;
      /**
       * @description Printed: what it cost. Processing: what this print will be charged. Otherwise what
       *     printing it will cost with the options it was sent with.
       */
      cost: components["schemas"]["Money"];
      /** @description Two-sided (as sent, or as printed once printed) */
      duplex: boolean;
      /** @description In colour (as sent, or as printed once printed) */
      color: boolean;
      /** @description Pages of one copy */
      pageCount: number;
      /** @description Colour pages of one copy */
      colorCount: number;
      copies: number;
      /** @description MyQ's paper information, whose meaning is not public; this server always sends state 0 */
      paper: {
        state: number;
      };
      state?: components["schemas"]["JobState"];
      /**
       * Format: date-time
       * @description When the job is deleted unless printed (held) or reprinted (printed); null for
       *     favourites (kept until unmarked) and for jobs printing or deleted [ours]
       */
      expiresAt?: string | null;
    };
    JobList: {
      jobs: components["schemas"]["Job"][];
      /** @description How many jobs matched in all (not only this page) */
      count: number;
    };
    JobStateAnswer: {
      state: components["schemas"]["JobState"];
    };
    /** @description This server has no projects; only 0 or null (no project) is accepted */
    ProjectId: number | null;
    JobChange: {
      favorite?: boolean;
      projectId?: components["schemas"]["ProjectId"];
    };
    JobsChange: {
      jobs: {
        id: number;
        favorite: boolean;
        projectId?: components["schemas"]["ProjectId"];
      }[];
    };
    /** @description Job ids, e.g. [4711, 4712] */
    JobIds: number[];
    /**
     * @description A printer in MyQ's shape; `color` and `duplex` are ours. `state` is `active` or
     *     `disabled` (by an administrator), `mode` is `online`, `offline` or `withIssue` (what
     *     the device reports) [ours: MyQ's values are not public beyond `active` and `online`].
     *     It can print now when active and online.
     */
    Printer: {
      id: number;
      name: string;
      /** @enum {string} */
      state: "active" | "disabled";
      /** @enum {string} */
      mode: "online" | "offline" | "withIssue";
      ipAddress: string;
      serialNumber: string;
      mac: string;
      terminalId: string;
      brand: string;
      model: string;
      notes: string;
      location: string;
      enforcedModel: string;
      configurationId: number;
      /** @description Prints in colour (else a colour job prints, and costs, mono) [ours] */
      color?: boolean;
      /** @description Prints two-sided (else a two-sided job prints one-sided) [ours] */
      duplex?: boolean;
    };
    PrinterList: {
      printers: components["schemas"]["Printer"][];
      /** @description How many printers matched in all (not only this page) */
      count: number;
    };
    PrintAll: {
      jobs: {
        id: number;
        projectId: number;
      }[];
      counters: number[];
      moreJobs: boolean;
      projectSelected: boolean;
    };
    /**
     * @description Options for every job of the release; 0 (or leaving one out) keeps what the job was
     *     sent with. `stapling`, `punching` and `tonerSaving` are accepted and change nothing here.
     */
    ReleaseOptions: {
      /** @description Copies to print; 0 = as sent */
      copies?: number;
      /**
       * @description 0 = as sent, 1 = one-sided, 2 = two-sided long edge, 3 = two-sided short edge
       * @enum {integer}
       */
      duplex?: 0 | 1 | 2 | 3;
      /**
       * @description 0 = as sent, 1 = mono
       * @enum {integer}
       */
      color?: 0 | 1;
      stapling?: number;
      punching?: number;
      tonerSaving?: number;
    };
    ReleaseRequest: {
      jobIds: components["schemas"]["JobIds"];
      releaseOptions?: components["schemas"]["ReleaseOptions"];
      /** @description The reference of the user's account that pays; null or absent = the credit account (or nothing when accounting is off) */
      account?: string | null;
      projectId?: components["schemas"]["ProjectId"];
    };
    ReleaseAnswer: {
      jobs: {
        id: number;
        /** @constant */
        state: "processing";
        /** @description What this print will be charged */
        cost: components["schemas"]["Money"];
      }[];
    };
  };
  responses: {
    /** @description invalid_request */
    BadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Missing, malformed or expired token; carries `WWW-Authenticate: Bearer…` */
    Unauthorized: {
      headers: {
        "WWW-Authenticate"?: string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description insufficient_scope (with `scope`, and `WWW-Authenticate: Bearer error="insufficient_scope", scope=…`) or invalid_token_type */
    Forbidden: {
      headers: {
        "WWW-Authenticate"?: string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description insufficient_scope (with `scope`), invalid_token_type, or not_allowed: the server's settings do not let users make this change (with `field` when one field is refused) */
    ForbiddenOrNotAllowed: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Not found, or another user's object */
    NotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Body over the size limit */
    TooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Too many failed sign-ins; retry after `Retry-After` seconds */
    TooManyRequests: {
      headers: {
        "Retry-After"?: number;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description insufficient_credit: not enough credit (or quota pages) for the whole release; nothing was released */
    PaymentRequired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description job_not_ready (the job's state does not allow it), printer_unavailable (offline, with an issue, or disabled), or payment_closed (rolled back, expired, or committed); nothing changed */
    Conflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
  };
  parameters: {
    UserId: number;
    /** @description A recharge provider's reference (`external`, `voucher`); another is 404 */
    Provider: string;
    PaymentId: string;
    /** @description Comma-separated extra data, values `aliases` and `accounts` (`accounts` needs the `credit` scope, like the accounts endpoint) */
    Include: string;
    /** @description Page size (MyQ's paging) */
    Limit: number;
    /** @description Offset of the first item (MyQ's paging) */
    Start: number;
    Lang: string;
    JobId: number;
    PrinterId: number;
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  createToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TokenRequest"];
        "application/x-www-form-urlencoded": components["schemas"]["TokenRequestForm"];
      };
    };
    responses: {
      /** @description Token issued */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TokenResponse"];
        };
      };
      /** @description invalid_request, unsupported_grant_type, invalid_scope or invalid_grant */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TokenError"];
        };
      };
      /** @description invalid_client; carries `WWW-Authenticate: Basic` */
      401: {
        headers: {
          "WWW-Authenticate"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TokenError"];
        };
      };
      413: components["responses"]["TooLarge"];
      /**
       * @description too_many_requests: failed sign-ins above the limits, with `Retry-After`.
       *     5 failures per user and 10 per source address in the lockout window,
       *     an IPv6 source counted by its /64 [ours]; failed PIN sign-ins (login_info
       *     types 2 and 4, and the sign-in page's PIN form) also count toward one
       *     organisation-wide ceiling (`PRINT_SERVER_PIN_FAILURE_CEILING`, default
       *     100 per window) [ours]: above it every PIN sign-in answers 429.
       */
      429: {
        headers: {
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TokenRevocationRequest"];
        "application/x-www-form-urlencoded": components["schemas"]["TokenRevocationRequest"];
      };
    };
    responses: {
      /** @description Revoked, or no such token; no body */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid_request; invalid_grant when the token was issued to another client (nothing is revoked) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TokenError"];
        };
      };
      /** @description invalid_client; carries `WWW-Authenticate: Basic` */
      401: {
        headers: {
          "WWW-Authenticate"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TokenError"];
        };
      };
      413: components["responses"]["TooLarge"];
    };
  };
  getServerStatus: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Up */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": 1;
        };
      };
    };
  };
  getCaCertificate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description PEM certificate */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/x-pem-file": string;
        };
      };
    };
  };
  getServerConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Server configuration */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerConfig"];
        };
      };
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
    };
  };
  findUser: {
    parameters: {
      query?: {
        /** @description User name or one of the user's aliases */
        username?: string;
        email?: string;
        card?: string;
        code?: string;
        /** @description Comma-separated extra data, values `aliases` and `accounts` (`accounts` needs the `credit` scope, like the accounts endpoint) */
        include?: components["parameters"]["Include"];
        /** @description Page size (MyQ's paging) */
        limit?: components["parameters"]["Limit"];
        /** @description Offset of the first item (MyQ's paging) */
        start?: components["parameters"]["Start"];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The users that match every filter given, `count` all of them; `{users: [], count: 0}` for none */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["UserList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
    };
  };
  getUser: {
    parameters: {
      query?: {
        /** @description Comma-separated extra data, values `aliases` and `accounts` (`accounts` needs the `credit` scope, like the accounts endpoint) */
        include?: components["parameters"]["Include"];
      };
      header?: never;
      path: {
        id: components["parameters"]["UserId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["UserId"];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ProfileUpdate"];
      };
    };
    responses: {
      /** @description The user, changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["ForbiddenOrNotAllowed"];
      404: components["responses"]["NotFound"];
      413: components["responses"]["TooLarge"];
    };
  };
  getUserAccounts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["UserId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accounts */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AccountsResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  getAccountBalance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["UserId"];
        reference: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Balance */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Balance"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  createUserPin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["UserId"];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["PinRequest"];
      };
    };
    responses: {
      /** @description The new PIN */
      200: {
        headers: {
          "Cache-Control"?: "no-store";
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PinResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["ForbiddenOrNotAllowed"];
      404: components["responses"]["NotFound"];
      413: components["responses"]["TooLarge"];
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["UserId"];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PasswordChange"];
      };
    };
    responses: {
      /** @description Changed; the next password sign-in takes the new password */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid_request (with `field` and `rule` when newPassword breaks a rule), or invalid_grant (wrong currentPassword) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      /** @description managed_externally, the account's password comes from a directory */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      413: components["responses"]["TooLarge"];
      429: components["responses"]["TooManyRequests"];
    };
  };
  getUserActivity: {
    parameters: {
      query?: {
        /**
         * @description Lines at or after this point: a date (`2026-05-01`, from the start of that day, UTC)
         *     or a date-time with an offset (`2026-05-01T00:00:00+02:00`, for a local day)
         */
        from?: components["schemas"]["DateOrDateTime"];
        /** @description Lines at or before this point; a date includes that whole day (UTC) */
        to?: components["schemas"]["DateOrDateTime"];
        /** @description Only these types, comma-separated (`print,refund`) */
        type?: string;
        /** @description Page size (MyQ's paging) */
        limit?: components["parameters"]["Limit"];
        /** @description Offset of the first item (MyQ's paging) */
        start?: components["parameters"]["Start"];
      };
      header?: never;
      path: {
        id: components["parameters"]["UserId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Statement lines and the total that matched */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ActivityList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  listReports: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Report list */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReportList"];
        };
      };
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
    };
  };
  createReportExecution: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ExecutionRequest"];
      };
    };
    responses: {
      /** @description Execution started */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ExecutionResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      413: components["responses"]["TooLarge"];
      /** @description The caller already has 10 executions queued or running; Retry-After says when to try again */
      429: {
        headers: {
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  downloadReportExecution: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        executionId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report file */
      200: {
        headers: {
          /** @description attachment; filename="…" */
          "Content-Disposition"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/pdf": string;
          "text/csv": string;
          "application/xml": string;
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
          "application/vnd.oasis.opendocument.spreadsheet": string;
        };
      };
      /** @description Still running */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ExecutionRunning"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      /** @description The execution failed, or its file passed the retention time */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listJobs: {
    parameters: {
      query?: {
        state?: string;
        /** @description Page size (MyQ's paging) */
        limit?: components["parameters"]["Limit"];
        /** @description Offset of the first item (MyQ's paging) */
        start?: components["parameters"]["Start"];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of jobs */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["JobList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
    };
  };
  changeJobs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["JobsChange"];
      };
    };
    responses: {
      /** @description The jobs changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["JobList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
    };
  };
  deleteJobs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["JobIds"];
      };
    };
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
    };
  };
  getJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["JobId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Job"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  deleteJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["JobId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
    };
  };
  changeJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["JobId"];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["JobChange"];
      };
    };
    responses: {
      /** @description The job as changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Job"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
    };
  };
  getJobState: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["JobId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job's state */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["JobStateAnswer"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  listPrinters: {
    parameters: {
      query?: {
        status?: string;
        name?: string;
        group?: string;
        /** @description Page size (MyQ's paging) */
        limit?: components["parameters"]["Limit"];
        /** @description Offset of the first item (MyQ's paging) */
        start?: components["parameters"]["Start"];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of printers */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PrinterList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
    };
  };
  getPrinter: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["PrinterId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The printer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Printer"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  getPrintAll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: components["parameters"]["PrinterId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What "print all" releases */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PrintAll"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  releaseJobs: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Optional [ours]: a retry of the same release (same user, printer and body) with the
         *     same key within a day answers as the first did and prints nothing again. The same
         *     key with another release answers 400. Without a key, a release sent again after its
         *     jobs printed reprints them (and charges again).
         */
        "Idempotency-Key"?: string;
      };
      path: {
        id: components["parameters"]["PrinterId"];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReleaseRequest"];
      };
    };
    responses: {
      /** @description Released; the jobs print in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReleaseAnswer"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      402: components["responses"]["PaymentRequired"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
    };
  };
  listRechargeProviders: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{providers, count}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RechargeProviderList"];
        };
      };
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
    };
  };
  listPayments: {
    parameters: {
      query?: {
        /** @description Only this user's payments */
        userId?: number;
        /** @description Page size (MyQ's paging) */
        limit?: components["parameters"]["Limit"];
        /** @description Offset of the first item (MyQ's paging) */
        start?: components["parameters"]["Start"];
      };
      header?: never;
      path: {
        /** @description A recharge provider's reference (`external`, `voucher`); another is 404 */
        provider: components["parameters"]["Provider"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{payments, count}`, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PaymentList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
    };
  };
  createPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A recharge provider's reference (`external`, `voucher`); another is 404 */
        provider: components["parameters"]["Provider"];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentRequest"];
      };
    };
    responses: {
      /** @description The created payment */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedPayment"];
        };
      };
      /** @description invalid_request, or for a voucher `invalid_voucher`, `voucher_used`, `voucher_expired` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
    };
  };
  commitPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A recharge provider's reference (`external`, `voucher`); another is 404 */
        provider: components["parameters"]["Provider"];
        paymentId: components["parameters"]["PaymentId"];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["EmptyBody"];
      };
    };
    responses: {
      /** @description `{amount, id, state: committed, balance}`: `balance` is the credit after it */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CommittedPayment"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
    };
  };
  rollbackPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A recharge provider's reference (`external`, `voucher`); another is 404 */
        provider: components["parameters"]["Provider"];
        paymentId: components["parameters"]["PaymentId"];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": components["schemas"]["EmptyBody"];
      };
    };
    responses: {
      /** @description `{amount, id, state: rolledback}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RolledBackPayment"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
    };
  };
  showSignInPage: {
    parameters: {
      query: {
        /** @description `code`; another value from a known client and registered redirect_uri goes back there with `error=unsupported_response_type` (RFC 6749 section 4.1.2.1) */
        response_type: string;
        client_id: string;
        redirect_uri: string;
        scope: string;
        state?: string;
        /** @description The look the linking application asks for (MyQ); `light` or `dark`, anything else follows the device */
        theme?: string;
        /** @description PKCE (RFC 7636): BASE64URL(SHA-256(code_verifier)); the code is then exchanged only with that verifier */
        code_challenge?: string;
        /** @description `S256` (the only method taken; another, or none with a challenge, goes back with `error=invalid_request`) */
        code_challenge_method?: string;
      };
      header?: never;
      path: {
        lang: components["parameters"]["Lang"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sign-in form */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
      /** @description Back to a registered redirect_uri with `error` (invalid_scope, unsupported_response_type, invalid_request) and `state` */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Error page (unknown client, unregistered redirect_uri, bad request); never a redirect */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
    };
  };
  submitSignInPage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        lang: components["parameters"]["Lang"];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/x-www-form-urlencoded": components["schemas"]["SignInForm"];
      };
    };
    responses: {
      /** @description Back to the client with `code` (and `state`) */
      302: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Error page, or the form again with a message */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
      /** @description Too many failed sign-ins (the token endpoint's limits, shared with it); the form again with a message */
      429: {
        headers: {
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
    };
  };
}
