// The portal routes of the account's two reads: the money (home, Credit,
// Jobs) and the person's own profile (home, Profile). The hooks read them
// (hooks/use-account.ts) and the Credit and Profile pages preload them from
// their head (lib/http/preload-read.ts): a browser hands a preloaded answer
// to fetch() only for the very same URL.

export const moneyOverviewPath = "/api/account/money";
export const ownProfilePath = "/api/me";
