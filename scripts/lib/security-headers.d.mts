export const securityHeaders: ReadonlyArray<{ key: string; value: string }>;
