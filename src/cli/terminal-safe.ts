/**
 * Text from a feed made safe to print on a terminal: control characters (C0 — ESC, NUL, CR,
 * newlines — DEL and C1) and bidirectional overrides are written as escapes (`\x1b`, `\u202e`),
 * so a feed can neither move the cursor, recolour the screen nor reorder what the operator reads.
 */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
