/** A page's title and the sentence under it that says what the page is for. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-fg-muted">{intro}</p>
    </div>
  );
}
