import { saveFile as saveNamedFile } from '../../../lib/save-file.ts';

/** Saves a downloaded file under the name the server gave it (or the fallback). */
export function saveFile(file: Blob, fallback: string): void {
  saveNamedFile(file, file instanceof File && file.name ? file.name : fallback);
}
