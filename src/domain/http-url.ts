/** An absolute http: or https: URL with a host, as the WHATWG URL parser reads it. */
export function isHttpUrl(text: string): boolean {
  // One parse (`URL.canParse` and then `new URL` parsed it twice); a string it refuses throws.
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * A link as it may reach a page: the URL when it is http(s), else null. Import refuses other
 * schemes; this keeps a store written before that (or by other means) from serving one.
 */
export function httpUrlOrNull(text: string | null): string | null {
  return text !== null && isHttpUrl(text) ? text : null;
}
