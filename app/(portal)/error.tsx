"use client";

import { useTranslations } from "@/hooks/use-translations";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function PortalError({ reset }: { reset: () => void }) {
  const t = useTranslations("errorPages");
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert>{t("portalFailed")}</Alert>
      <Button onClick={reset}>{t("tryAgain")}</Button>
    </div>
  );
}
