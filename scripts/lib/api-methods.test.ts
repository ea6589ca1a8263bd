import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allowedMethods, apiRoutes, type ApiRoute } from "./api-methods.mjs";

const routes: ApiRoute[] = [
  { segments: ["jobs"], methods: ["GET", "HEAD", "OPTIONS"] },
  { segments: ["jobs", "[id]"], methods: ["OPTIONS", "PATCH"] },
  { segments: ["jobs", "release"], methods: ["OPTIONS", "POST"] },
  { segments: ["reports", "executions", "[id]", "download"], methods: ["GET", "HEAD", "OPTIONS"] },
  { segments: ["[...unknown]"], methods: ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"] },
];

describe("allowedMethods", () => {
  it("answers the methods of the route a path matches", () => {
    expect(allowedMethods(routes, "/api/jobs")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods(routes, "/api/reports/executions/41/download")).toEqual(["GET", "HEAD", "OPTIONS"]);
  });

  it("prefers a named segment to a dynamic one, and both to a catch-all", () => {
    expect(allowedMethods(routes, "/api/jobs/release")).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods(routes, "/api/jobs/12")).toEqual(["OPTIONS", "PATCH"]);
    expect(allowedMethods(routes, "/api/jobs/12/more")).toContain("PUT");
    expect(allowedMethods(routes, "/api/nothing")).toContain("PUT");
  });

  it("leaves paths Next.js rewrites first to Next.js", () => {
    expect(allowedMethods(routes, "/api/jobs/")).toBeUndefined();
    expect(allowedMethods(routes, "/api//jobs")).toBeUndefined();
  });
});

describe("apiRoutes", () => {
  it("reads the portal's own routes and what they export", () => {
    const found = apiRoutes(join(__dirname, "..", "..", "app", "api"));
    const download = found.find((route) => route.segments.join("/") === "reports/executions/[id]/download");
    expect(download?.methods).toEqual(["GET", "HEAD", "OPTIONS"]);
    const jobs = found.find((route) => route.segments.join("/") === "jobs/[id]");
    expect(jobs?.methods).toEqual(["OPTIONS", "PATCH"]);
    expect(found.find((route) => route.segments.join("/") === "[...unknown]")?.methods).toContain("PUT");
  });
});
