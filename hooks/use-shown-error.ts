"use client";

import { useState } from "react";

interface ReadState {
  error: unknown;
  isFetching: boolean;
}

/**
 * A read's failure as its panel shows it. A read with nothing to show
 * forgets its failure while Retry reads again; the panel keeps saying it
 * until that read ends, so its Retry button, and the keyboard focus on it,
 * stay where they were.
 */
export function useShownError({ error, isFetching }: ReadState): unknown {
  const [kept, setKept] = useState<unknown>(null);
  if (error && error !== kept) setKept(error);
  else if (!error && !isFetching && kept) setKept(null);
  return error || (isFetching ? kept : null);
}
