"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function PortalError({ reset }: { reset: () => void }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert>This page could not be shown right now. Please try again.</Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
