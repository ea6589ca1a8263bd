// @vitest-environment happy-dom
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, servePortal, tabClient } from "./query-test-support";
import { useDevices, useEndSession, type DevicesOverview } from "./use-devices";

const session = (handle: string, current = false) => ({
  handle,
  browser: "Firefox",
  system: "Windows",
  address: "192.0.2.7",
  startedAt: "2026-05-01T08:00:00.000Z",
  lastActiveAt: "2026-05-01T09:00:00.000Z",
  current,
});
const overview = (handles: string[]): DevicesOverview => ({
  sessions: handles.map((handle, index) => session(handle, index === 0)),
  attempts: [],
});
const mine = "A".repeat(22);
const phone = "B".repeat(22);
const laptop = "C".repeat(22);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the person's devices", () => {
  it("come with the page and are not read again as it comes", async () => {
    const portal = servePortal({ "/api/devices": { body: overview([mine, phone]) } });
    const devices = renderWithClient(tabClient(), () => useDevices({ data: overview([mine]), at: Date.now() }));
    expect(devices.result.current.data?.sessions).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(portal.count("/api/devices")).toBe(0);
  });

  it("are read again after signing one out by its handle, and after signing out every other", async () => {
    let handles = [mine, phone, laptop];
    const portal = servePortal({
      "/api/devices": () => ({ body: overview(handles) }),
      [`DELETE /api/devices/sessions/${phone}`]: () => {
        handles = [mine, laptop];
        return { body: { ended: 1 } };
      },
      "DELETE /api/devices/sessions": () => {
        handles = [mine];
        return { body: { ended: 1 } };
      },
    });
    const view = renderWithClient(tabClient(), () => ({ devices: useDevices(), ending: useEndSession() }));
    await waitFor(() => expect(view.result.current.devices.data?.sessions).toHaveLength(3));

    await act(() => view.result.current.ending.mutateAsync(phone));
    await waitFor(() => expect(view.result.current.devices.data?.sessions).toHaveLength(2));
    await act(() => view.result.current.ending.mutateAsync(undefined));
    await waitFor(() => expect(view.result.current.devices.data?.sessions).toHaveLength(1));
    expect(portal.calls).toEqual([
      "GET /api/devices",
      `DELETE /api/devices/sessions/${phone}`,
      "GET /api/devices",
      "DELETE /api/devices/sessions",
      "GET /api/devices",
    ]);
  });
});
