/**
 * HTML entity decoding through the `entities` package (the WHATWG decoder that htmlparser2 uses):
 * every named entity, numeric references, and the legacy forms without ";" ("&auml", "&amp")
 * the way browsers read them.
 */
import { decodeHTML } from 'entities';

export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}
