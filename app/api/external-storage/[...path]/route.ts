import { externalStorageHandler } from "@/lib/files/external-storage-route";

// MyQ X's External Storage Adapter (Easy Print source, Easy Scan destination):
// basic authentication of its own, not a person's session (lib/files/).
export const dynamic = "force-dynamic";

export const GET = externalStorageHandler("GET");
export const POST = externalStorageHandler("POST");
export const DELETE = externalStorageHandler("DELETE");
