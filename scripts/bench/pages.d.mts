export interface BenchPage {
  name: string;
  path: string;
  signedIn: boolean;
}
export interface LighthouseStep {
  page: BenchPage;
  floor: boolean;
  run: number;
}
export const PAGES: BenchPage[];
export const FLOOR_PAGE: BenchPage;
export function lighthouseRounds(pages: readonly BenchPage[], runs: number): LighthouseStep[];
