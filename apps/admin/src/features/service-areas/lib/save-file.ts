/** Saves a downloaded file under the name the server gave it (or the fallback). */
export function saveFile(file: Blob, fallback: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file instanceof File && file.name ? file.name : fallback;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
