/**
 * Saves a file the app holds, such as one fetched with the bearer token (a plain link would carry
 * none), under `name` through a download link.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
