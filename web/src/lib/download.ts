/** Saves a blob as a file through a temporary link (works in every current browser). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is revoked.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Appends a query parameter to a relative or absolute URL. */
export function withQueryParam(url: string, key: string, value: string): string {
  const [path, hash = ''] = url.split('#', 2);
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${encodeURIComponent(key)}=${encodeURIComponent(value)}${hash ? `#${hash}` : ''}`;
}
