import { fileResponse } from "@/lib/files/file-response";
import { isImage, openOwnFile } from "@/lib/files/portal-files";
import { firstPagePng } from "@/lib/files/preview";
import { previewSlots } from "@/lib/files/preview-slots";
import { attachment } from "@/lib/files/file-response";
import { userRoute } from "@/lib/http/route";
import { fileParams } from "../schema";

export const dynamic = "force-dynamic";

/** The first page as an image, drawn only when a person asks for it; an image is its own preview. */
export const GET = userRoute({ params: fileParams }, async ({ request, params, user }) => {
  const opened = await openOwnFile(user.username, params.folder, params.name);
  if (isImage(opened.file.type)) return fileResponse(opened);
  // A drawing takes a core: the slots bound how many run at once, and one per person.
  const png = await previewSlots().run(
    user.username,
    () => firstPagePng(opened.localPath, request.signal),
    request.signal,
  );
  return new Response(new Uint8Array(png), {
    headers: {
      "content-type": "image/png",
      "content-disposition": attachment("preview.png"),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
});
