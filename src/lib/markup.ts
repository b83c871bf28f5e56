// Text put into markup written by hand (SVG, HTML, the Atom feed's HTML): the five characters that
// could end a text or an attribute, as entities.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
