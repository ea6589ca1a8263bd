import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-fg-muted">The address may be mistyped, or the page has moved.</p>
      <Link href="/" className={buttonClasses("primary")}>
        Go to the home page
      </Link>
    </main>
  );
}
