// @vitest-environment happy-dom
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { renderWithClient, servePortal, tabClient } from "./query-test-support";
import { useProfile } from "./use-account";
import { useChangePassword, useNewPin, useSelfServiceSettings, useUpdateProfile } from "./use-self-service";

const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const alice = {
  username: "alice",
  fullName: "Alice",
  email: null,
  language: "en",
  aliases: [],
  passwordManagedElsewhere: false,
};
const settings = { profileEditing: true, pinChange: { allowed: true }, passwordRules: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  refresh.mockClear();
});

function useProfilePage() {
  return {
    profile: useProfile(),
    settings: useSelfServiceSettings(),
    update: useUpdateProfile(),
    password: useChangePassword(),
    pin: useNewPin(),
  };
}

async function openProfile(extra: Parameters<typeof servePortal>[0]) {
  const portal = servePortal({ "/api/me": { body: alice }, "/api/profile/settings": { body: settings }, ...extra });
  const client = tabClient();
  const page = renderWithClient(client, useProfilePage);
  await waitFor(() => {
    expect(page.result.current.profile.data).toBeDefined();
    expect(page.result.current.settings.data).toBeDefined();
  });
  return { portal, client, page };
}

describe("the profile page's changes", () => {
  it("a saved profile is the cache's profile at once, for every page, without reading it again", async () => {
    const { portal, page } = await openProfile({
      "PATCH /api/profile": (body) => ({ body: { ...alice, ...(body as object) } }),
    });
    await act(() => page.result.current.update.mutateAsync({ fullName: "Alice L." }));
    await waitFor(() => expect(page.result.current.profile.data?.fullName).toBe("Alice L."));
    expect(portal.count("/api/me")).toBe(1);
    expect(portal.count("/api/profile/settings")).toBe(1);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("a new language has the page's server parts rendered again in it", async () => {
    const { page } = await openProfile({
      "PATCH /api/profile": (body) => ({ body: { ...alice, ...(body as object) } }),
    });
    await act(() => page.result.current.update.mutateAsync({ language: "de" }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("a new password changes nothing the cache holds", async () => {
    const { portal, client, page } = await openProfile({ "POST /api/profile/password": { body: { changed: true } } });
    await act(() =>
      page.result.current.password.mutateAsync({
        currentPassword: "old",
        newPassword: "new one 1",
        requestId: "r-0001",
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(portal.calls.filter((call) => call.startsWith("GET"))).toHaveLength(2);

    // What was typed leaves the tab's cache with the form.
    const holdsPassword = () =>
      client
        .getMutationCache()
        .getAll()
        .some((mutation) => JSON.stringify(mutation.state.variables).includes("old"));
    expect(holdsPassword()).toBe(true);
    page.unmount();
    await waitFor(() => expect(holdsPassword()).toBe(false));
  });

  it("a new PIN is sent once, and leaves the tab's cache with the form's reset", async () => {
    let answers = 0;
    const { portal, client, page } = await openProfile({
      "POST /api/profile/pin": () =>
        ++answers === 1 ? { status: 503, body: { error: "unreachable" } } : { body: { pin: "4821" } },
    });
    await act(() => page.result.current.pin.mutateAsync({ method: "pin", pin: "1234" }).catch(() => {}));
    expect(portal.count("POST /api/profile/pin")).toBe(1);

    await act(() => page.result.current.pin.mutateAsync({ method: "pin", pin: "1234" }));
    await waitFor(() => expect(page.result.current.pin.data).toBe("4821"));
    const holdsPin = () =>
      client
        .getMutationCache()
        .getAll()
        .some((mutation) => mutation.state.data === "4821");
    expect(holdsPin()).toBe(true);
    act(() => page.result.current.pin.reset());
    await waitFor(() => expect(holdsPin()).toBe(false));
    expect(client.getQueryData(queryKeys.profile)).toEqual(alice);
  });
});
