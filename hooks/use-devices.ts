"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { devicesResponse, endedResponse } from "@/app/api/devices/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson } from "@/lib/browser-safe/fetch-json";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { withInitial, type InitialRead } from "./use-account";

export type DevicesOverview = Answer<typeof devicesResponse>;
export type DeviceSession = DevicesOverview["sessions"][number];
export type SignInAttemptEntry = DevicesOverview["attempts"][number];
type Ended = Answer<typeof endedResponse>;

export const devicesPath = "/api/devices";

/** The person's sessions now and sign-in attempts of the last 30 days. */
export function useDevices(initial?: InitialRead<DevicesOverview>) {
  return useQuery({
    queryKey: queryKeys.devices,
    queryFn: () => fetchJson<DevicesOverview>(devicesPath),
    ...withInitial(initial),
  });
}

/** Signs out one other session (by its handle), or with no handle every other one. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (handle?: string) =>
      handle
        ? fetchJson<Ended>(`${devicesPath}/sessions/${encodeURIComponent(handle)}`, { method: "DELETE" })
        : fetchJson<Ended>(`${devicesPath}/sessions`, {
            method: "DELETE",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ keep: "this-device" }),
          }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}
