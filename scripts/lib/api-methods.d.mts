export interface ApiRoute {
  segments: string[];
  methods: string[];
}
export function apiRoutes(apiDir: string): ApiRoute[];
export function allowedMethods(routes: ApiRoute[], path: string): string[] | undefined;
