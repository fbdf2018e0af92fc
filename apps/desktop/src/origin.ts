/** The origin of a URL, or null for anything `URL` cannot parse or that has no network origin (`about:`, `data:`). */
export function originOf(url: string | undefined): string | null {
  if (url === undefined || url === '') return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
