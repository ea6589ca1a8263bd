export interface BenchPage {
  name: string;
  path: string;
  signedIn: boolean;
}
export interface LighthouseStep {
  /** FLOOR_PAGE itself for the floor's turn. */
  page: BenchPage;
  run: number;
}
export const PAGES: BenchPage[];
export const FLOOR_PAGE: BenchPage;
export function lighthouseRounds(pages: readonly BenchPage[], runs: number): LighthouseStep[];
