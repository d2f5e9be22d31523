/** Saves a downloaded file under its name, as a link the browser follows. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Late enough for a slow browser to have started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
