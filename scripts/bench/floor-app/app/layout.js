// app/icon.svg gives the page an icon, so the browser does not ask for a
// /favicon.ico that would answer 404 (a console error on an empty page).
export const metadata = { title: "Floor", description: "An empty Next.js page, the benchmark's floor." };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
