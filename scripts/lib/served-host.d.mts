export function servedHostCheck(portalUrl: string): (headers: Record<string, string | string[] | undefined>) => boolean;
