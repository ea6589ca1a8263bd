// Every sentence of the account overview, in one place so issue 6 can move
// them into the language catalogues. No API words (scope, grant) here.

const periodWords = { day: "today", week: "this week", month: "this month", year: "this year" } as const;

export const accountText = {
  refresh: "Refresh",
  lastUpdated: (time: string) => `Last updated ${time}`,
  loadingAll: "Loading your account…",
  retry: "Retry",
  signInAgain: "Sign in again",

  balance: {
    heading: "Your balance",
    loading: "Loading your balance…",
    availableToPrint: "Available to print",
    creditHeading: "Credit",
    quotaHeading: "Page quota",
    belowZero: "Below zero",
    canGoDownTo: (amount: string) => `Can go down to ${amount}`,
    noCreditAccount: "You have no credit account yet. Ask your IT helpdesk if you need one.",
    noQuota: "You have no page quota.",
    nothingTracked: "Your organisation does not use printing credit or page quotas.",
    pagesLeft: (left: string, limit: string | null, period: keyof typeof periodWords | null) => {
      const amount = limit === null ? `${left} ${left === "1" ? "page" : "pages"} left` : `${left} of ${limit} ${limit === "1" ? "page" : "pages"} left`;
      return period ? `${amount} ${periodWords[period]}` : amount;
    },
    failed: "Your balance could not be loaded.",
    staleFailed: (time: string) => `Your balance could not be updated; it is shown as of ${time}.`,
    notPermitted: "Your organisation has not made balances available in the portal.",
  },

  profile: {
    heading: "Your details",
    loading: "Loading your details…",
    name: "Name",
    username: "User name",
    email: "Email",
    noEmail: "No email address",
    aliases: "Aliases",
    noAliases: "None",
    failed: "Your details could not be loaded.",
    staleFailed: (time: string) => `Your details could not be updated; they are shown as of ${time}.`,
    notPermitted: "Your organisation has not made your details available in the portal.",
  },

  /** What to do next, by what went wrong. */
  reasons: {
    unreachable: "The print server cannot be reached right now. Please try again in a moment.",
    offline: "The portal cannot be reached. Check your connection and try again.",
    sessionEnded: "Your session has ended. Please sign in again.",
    busy: (minutes: number) => `The print server is busy. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
    other: "Something went wrong on our side. Please try again.",
  },
} as const;
