import { Readable } from "node:stream";
import { callPrintServer } from "../../../../lib/print-server";

export const dynamic = "force-dynamic";

// The plain framework way to pass a report file on, which the portal's
// download route is measured against (scripts/bench/measure-download.mjs):
// the same GET with the caller's token, its body handed to the answer as a
// web stream (Node's own Readable.toWeb), no checks. `no-transform`, as the
// portal sends, keeps the file from being compressed on the fly.

export async function GET(request, { params }) {
  const { id } = await params;
  const answer = await callPrintServer(`/api/v3/reports/executions/${encodeURIComponent(id)}/download`, {
    headers: { authorization: request.headers.get("authorization") ?? "" },
  });
  const headers = { "cache-control": "private, no-store, no-transform" };
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    if (answer.headers[name]) headers[name] = answer.headers[name];
  }
  return new Response(Readable.toWeb(answer), { status: answer.statusCode, headers });
}
