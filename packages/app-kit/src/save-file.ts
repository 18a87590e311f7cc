/**
 * Saves a Blob as a file named `name` the way a browser page can: a link with `download`, clicked once, and the
 * object URL let go a little later (the download has started by then).
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
