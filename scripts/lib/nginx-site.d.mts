export function nginxSite(site: {
  serverName: string;
  listen: string;
  instances: string[];
  certificate: string;
  certificateKey: string;
  redirectHttp?: boolean;
  accessLog?: string;
}): string;
export function nginxMainConfig(options: { prefix: string; site: string; runningAsRoot?: boolean }): string;
