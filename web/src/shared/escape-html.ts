/** Text made safe inside HTML text or a quoted attribute: the page's head, the offline page. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
