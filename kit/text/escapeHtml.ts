/**
 * Text as HTML character data or a quoted attribute value: the five characters that could open
 * markup or end an attribute become character references, so a target's `<script>` is shown, never run.
 *
 * @example
 * escapeHtml('<img src=x onerror="alert(1)">') // '&#60;img src=x onerror=&#34;alert(1)&#34;&#62;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
