"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function SignInError({ reset }: { reset: () => void }) {
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10">
      <Alert>The sign-in page could not be shown. Please try again.</Alert>
      <Button onClick={reset}>Try again</Button>
    </main>
  );
}
