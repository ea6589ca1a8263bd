import { ExternalStorageError, type ExternalStorageClient, type StorageItem } from "./storage-client.js";

/** The two folders a person sees at the printer in the root of their storage (the adapter's names). */
export const TO_PRINT_FOLDER = "To print";
export const SCANS_FOLDER = "Scans";

/**
 * The id of one of a person's folders, found by its name in the root, as a
 * person picks it at the printer; MyQ then browses into it by that id.
 */
export async function folderId(storage: ExternalStorageClient, username: string, name: string): Promise<string> {
  const root = await storage.listFolder(username, "");
  const folder = root.find((item) => item.kind === "dir" && item.name === name);
  if (!folder) {
    throw new ExternalStorageError("not_found", `The external storage has no "${name}" folder for ${username}.`);
  }
  return folder.id;
}

/** The files (not the folders) a person has in "To print", in the adapter's order. */
export async function filesToPrint(storage: ExternalStorageClient, username: string): Promise<StorageItem[]> {
  const items = await storage.listFolder(username, await folderId(storage, username, TO_PRINT_FOLDER));
  return items.filter((item) => item.kind === "file");
}

/** The id a new file gets in a folder: MyQ's ids are relative paths. */
export const idInFolder = (folder: string, name: string) => (folder === "" ? name : `${folder}/${name}`);
