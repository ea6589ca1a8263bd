"use client";

import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useTransition } from "react";

interface UserMenuProps {
  fullName: string;
  username: string;
  signOut: () => Promise<void>;
}

export function UserMenu({ fullName, username, signOut }: UserMenuProps) {
  const [pending, startTransition] = useTransition();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex min-h-11 max-w-[60vw] items-center gap-2 rounded-lg px-3 font-medium text-fg hover:bg-surface-muted">
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className="truncate">{fullName}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-20 min-w-56 rounded-lg border border-border bg-surface p-1 text-fg shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm text-fg-muted">Signed in as {username}</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            disabled={pending}
            onSelect={() => startTransition(() => signOut())}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-medium outline-none data-[highlighted]:bg-surface-muted"
          >
            <LogOut aria-hidden="true" className="size-5" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
