/**
 * `attachment` with the file name in both forms browsers read: a plain ASCII fallback and the exact
 * UTF-8 name (RFC 6266 / 5987). Separators and control characters become `_`, so the name can neither
 * break the header nor point a browser at a folder.
 */
export function attachmentDisposition(fileName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what goes
  const cleaned = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const utf8 = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
