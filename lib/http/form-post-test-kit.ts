import "server-only";
import { NextRequest } from "next/server";
import { formPostInit } from "./form-post-init";

// For the tests of routes that plain forms post to (sign-in, sign-out,
// preferences): the post a browser sends from the portal's own page.

type FormRoute = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** `fields` posted form-encoded to `route` at `path`, same-origin unless `headers` say otherwise. */
export function postForm(
  route: FormRoute,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return route(new NextRequest(`http://localhost:3000${path}`, formPostInit(fields, headers)), {
    params: Promise.resolve({}),
  });
}
