export interface CurlAnswer {
  statusCode: number;
  /** Bytes of the answer's body. */
  bytes: number;
  /** Bytes of the request's body. */
  uploadedBytes: number;
  seconds: number;
  encoding: string;
  /** The answer's body when curl kept it (an upload's), else "". */
  body: string;
}
export function curlQuoted(value: string): string;
export function curlAnswer(stdout: string): CurlAnswer;
export function curlRequest(
  url: string,
  headers: Record<string, string>,
  options?: { upload?: string; method?: string },
): Promise<CurlAnswer>;
