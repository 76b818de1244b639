/** The file name a recording is uploaded under (the server reads the content, not the name). */
export function recordingFileName(blob: Blob): string {
  return blob.type.startsWith('audio/ogg') ? 'aufnahme.ogg' : 'aufnahme.webm';
}
