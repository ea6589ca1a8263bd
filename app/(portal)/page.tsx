import type { Metadata } from "next";
import { AccountOverview } from "@/components/account/account-overview";
import { requireSession } from "@/lib/auth/current-session";

export const metadata: Metadata = { title: "Home" };

// The home page greets the person; the account overview (balance, accounts,
// profile) is added below the greeting by components/account/.
export default async function HomePage() {
  const { session } = await requireSession("/");
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Hello, {session.fullName}</h1>
      <AccountOverview />
    </div>
  );
}
