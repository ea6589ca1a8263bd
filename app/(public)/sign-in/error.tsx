"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function SignInError({ reset }: { reset: () => void }) {
  const t = useTranslations();
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10">
      <Alert>{t("signIn.pageFailed")}</Alert>
      <Button onClick={reset}>{t("errorPages.tryAgain")}</Button>
    </main>
  );
}
