export const securityHeaders: ReadonlyArray<{ key: string; value: string }>;
export const apiHeaders: ReadonlyArray<{ key: string; value: string }>;
