// One HTTP request made by curl, which reads and sends in native code, as a
// browser's network stack does, so the client takes little of the CPU the
// servers it measures need. The headers (a cookie, a token) reach curl as its
// config on stdin, not on its command line, which every local user can read.

import { spawn } from "node:child_process";
import { BenchError } from "./bench-error.mjs";

const CURL = process.env.CURL_PATH ?? "curl";
const MAX_SECONDS = 600;
/** The figures curl prints after the answer's body, on a line of their own: a quoted config value, where `\n` is a newline. */
const WRITE_OUT = String.raw`"\n%{http_code} %{size_download} %{size_upload} %{time_total} %header{content-encoding}"`;

/** A value in curl's config syntax: in double quotes, with backslashes and quotes escaped. */
export const curlQuoted = (value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** The answer's body (when kept) and the figures of curl's write-out line, from its stdout. */
export function curlAnswer(stdout) {
  const text = stdout.trimEnd();
  const cut = text.lastIndexOf("\n");
  const [status, down, up, seconds, encoding] = text.slice(cut + 1).split(" ");
  return {
    statusCode: Number(status),
    bytes: Number(down),
    uploadedBytes: Number(up),
    seconds: Number(seconds),
    encoding: encoding || "identity",
    body: cut > 0 ? text.slice(0, cut) : "",
  };
}

/**
 * One request: a GET whose body is thrown away, or with `upload` (a file's
 * path) the file sent as the body by `method`, its answer kept as `body`.
 * Answers the status, the bytes each way, the seconds from the request to the
 * last byte and the encoding.
 */
export function curlRequest(url, headers, { upload, method } = {}) {
  const config = [
    `url = ${curlQuoted(url)}`,
    "silent",
    "show-error",
    `max-time = ${MAX_SECONDS}`,
    `write-out = ${WRITE_OUT}`,
    ...(upload
      ? [`upload-file = ${curlQuoted(upload)}`, `request = ${method ?? "PUT"}`, 'header = "Expect:"']
      : ['output = "/dev/null"']),
    ...Object.entries(headers).map(([name, value]) => `header = ${curlQuoted(`${name}: ${value}`)}`),
  ].join("\n");
  return new Promise((resolve, reject) => {
    const child = spawn(CURL, ["--config", "-"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (text) => (out += text));
    child.stderr.setEncoding("utf8").on("data", (text) => (err += text));
    child.once("error", (error) =>
      reject(
        error.code === "ENOENT"
          ? new BenchError(
              "the bench sends and reads files with curl, which is not installed (apt-get install -y curl)",
            )
          : error,
      ),
    );
    child.once("close", (code) => {
      if (code !== 0) return reject(new BenchError(`curl failed (exit ${code}): ${err.trim().slice(0, 200)}`));
      resolve(curlAnswer(out));
    });
    child.stdin.end(config);
  });
}
