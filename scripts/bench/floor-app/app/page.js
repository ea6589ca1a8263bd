// Rendered per request, as the portal's pages are (they carry a CSP nonce).
export const dynamic = "force-dynamic";

export default function Page() {
  return (
    <main>
      <h1>Floor</h1>
    </main>
  );
}
